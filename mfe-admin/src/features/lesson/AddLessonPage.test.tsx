import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeHandler } from '@kidslearn/kit/testing';
import { renderAdmin } from '../../test/render-admin';
import { lessonToSend } from './lesson-form';

// Issue 21: an optional explanation per question, checked by the shared lesson rules and sent with the lesson.
const hint = 'Optional: explain why the answer is right. Learners see it after their quiz.';
const created: FakeHandler = (req) => (req.method === 'POST' && req.url === '/lessons' ? { status: 201, body: { _id: 'l9' } } : { status: 404 });

async function fillOneQuestion() {
  for (const name of ['Remove part 1', 'Remove part 1']) await userEvent.click(screen.getByRole('button', { name }));
  for (let i = 0; i < 4; i += 1) await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
  await userEvent.type(screen.getByLabelText('Lesson Heading'), 'Adding tens');
  await userEvent.type(screen.getByLabelText('Part Name'), 'Tens');
  await userEvent.type(screen.getByLabelText('Video Link'), 'https://youtu.be/abcdefghijk');
  await userEvent.type(screen.getByLabelText('Question'), '10 + 10?');
  for (const [letter, text] of [['A', '20'], ['B', '30'], ['C', '40'], ['D', '50']]) await userEvent.type(screen.getByLabelText(`Option ${letter}`), text!);
  await userEvent.selectOptions(screen.getByLabelText('Correct Answer'), 'A');
}

const sentQuiz = (calls: { method: string; body?: unknown }[]) => (calls.find((call) => call.method === 'POST')?.body as { quiz: object[] } | undefined)?.quiz;

describe('Create Lesson: explanations (issue 21)', () => {
  it('when opened, then every question has an optional Explanation box with its hint tied to it', () => {
    renderAdmin('/dashboard/add-lesson');
    const boxes = screen.getAllByRole('textbox', { name: 'Explanation' });
    expect(boxes).toHaveLength(5);
    for (const box of boxes) {
      expect(box.tagName).toBe('TEXTAREA');
      expect(box).toHaveAccessibleDescription(hint);
      expect(box).not.toBeRequired();
    }
  });

  it('when an explanation is written, then it is sent with its question, trimmed', async () => {
    const view = renderAdmin('/dashboard/add-lesson', { gateway: created });
    await fillOneQuestion();
    await userEvent.type(screen.getByLabelText('Explanation'), '  Count on 10 from 10: 20.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Lesson' }));
    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Lesson saved successfully!', icon: 'success', timer: 2000 }]));
    expect(sentQuiz(view.calls)).toEqual([{ question: '10 + 10?', optionA: '20', optionB: '30', optionC: '40', optionD: '50', correctAnswer: 'A', explanation: 'Count on 10 from 10: 20.' }]);
  });

  it('when the explanation is only spaces, then the question is sent without one', async () => {
    const view = renderAdmin('/dashboard/add-lesson', { gateway: created });
    await fillOneQuestion();
    await userEvent.type(screen.getByLabelText('Explanation'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Lesson' }));
    await waitFor(() => expect(view.feedback.alerts).toHaveLength(1));
    expect(sentQuiz(view.calls)?.[0]).not.toHaveProperty('explanation');
  });

  it('when an explanation is longer than 1000 characters, then the rule says so under it and nothing is sent', async () => {
    const view = renderAdmin('/dashboard/add-lesson', { gateway: created });
    await fillOneQuestion();
    await userEvent.click(screen.getByLabelText('Explanation'));
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(screen.getByRole('button', { name: 'Save Lesson' }));
    const box = screen.getByLabelText('Explanation');
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(box).toHaveAccessibleDescription(`${hint} This field is too long.`);
    expect(view.calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(box);
    await userEvent.paste('y'.repeat(1000));
    await userEvent.click(screen.getByRole('button', { name: 'Save Lesson' }));
    await waitFor(() => expect(view.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(sentQuiz(view.calls)?.[0]).toHaveProperty('explanation', 'y'.repeat(1000));
  });
});

describe('lessonToSend', () => {
  it('keeps written explanations trimmed and drops blank ones', () => {
    const question = { question: 'q', optionA: 'a', optionB: 'b', optionC: 'c', optionD: 'd', correctAnswer: 'A' as const };
    const sent = lessonToSend({ lessonHeading: 'h', parts: [], quiz: [{ ...question, explanation: ' why ' }, { ...question, explanation: '' }, question] });
    expect(sent.quiz).toEqual([{ ...question, explanation: 'why' }, question, question]);
  });
});
