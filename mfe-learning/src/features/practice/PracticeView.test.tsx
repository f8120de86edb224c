import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeRequest } from '@kidslearn/kit/testing';
import { renderLearning } from '../../test/render-learning';
import { attempted, learningGateway } from '../../test/learning-fixtures';

// The options' order on screen, run by run: 0 gives B, C, D, A (see shuffle-letters.test.ts); 0.999 keeps A–D.
let mockRandom = () => 0;
jest.mock('../../domain/shuffle-letters', () => {
  const actual = jest.requireActual('../../domain/shuffle-letters');
  return { ...actual, shuffledLetters: () => actual.shuffledLetters(() => mockRandom()) };
});

const answersOf = (question: string) => within(screen.getByRole('group', { name: question }));

async function startPractice() {
  const view = renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted }) });
  await userEvent.click(await screen.findByRole('button', { name: /Adding tens/ }));
  await userEvent.click(await screen.findByRole('button', { name: 'Practice' }));
  return view;
}

describe('Practice (issue 21)', () => {
  beforeEach(() => {
    mockRandom = () => 0;
  });

  it('when a finished lesson is practised, then its questions come one at a time with shuffled options, beside the disabled Quiz Attempted', async () => {
    await startPractice();
    expect(screen.getByRole('button', { name: 'Quiz Attempted' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Practice: Adding tens' })).toHaveFocus();
    expect(screen.getByText('Just for fun: no gems and no standings. Practise as often as you like!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(answersOf('10 + 10?').getAllByRole('button').map((button) => button.textContent)).toEqual(['A. 30', 'B. 40', 'C. 50', 'D. 20']);
    expect(screen.queryByText('20 + 20?')).not.toBeInTheDocument();
  });

  it('when the answer is right, then "Correct!" and the explanation show at once and focus moves to Next question', async () => {
    await startPractice();
    await userEvent.click(await screen.findByRole('button', { name: 'D. 20' }));
    expect(screen.getByText('Correct!')).toBeInTheDocument();
    expect(screen.getByText('One ten and one ten make two tens: 20.')).toBeInTheDocument();
    expect(screen.getByText('Correct!').closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'D. 20' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'A. 30' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next question' })).toHaveFocus();
  });

  it('when the answer is wrong, then it says kindly which option is right (as lettered on screen) with the explanation', async () => {
    await startPractice();
    await userEvent.click(await screen.findByRole('button', { name: 'D. 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    expect(screen.getByRole('heading', { name: 'Question 2 of 2' })).toHaveFocus();
    await userEvent.click(answersOf('20 + 20?').getByRole('button', { name: 'A. 30' }));
    expect(screen.getByText('Not quite — the answer is B: 40')).toBeInTheDocument();
    expect(screen.getByText("Let's see why:")).toBeInTheDocument();
    expect(screen.getByText('Two tens and two tens make four tens: 40.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See my score' })).toHaveFocus();
  });

  it('when the run ends, then the score shows and the answers go to POST /practice-results in the lesson’s own letters; Practice again reshuffles', async () => {
    const view = await startPractice();
    await userEvent.click(await screen.findByRole('button', { name: 'D. 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    await userEvent.click(screen.getByRole('button', { name: 'A. 30' }));
    await userEvent.click(screen.getByRole('button', { name: 'See my score' }));

    expect(screen.getByRole('heading', { name: 'You got 1 of 2 right in practice!' })).toHaveFocus();
    await waitFor(() => expect(view.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = view.calls.find((call) => call.method === 'POST') as FakeRequest;
    expect(post).toMatchObject({ url: '/practice-results', body: { lessonId: 'l1', answers: ['A', 'B'] } });
    // No quiz result, so no gems and no standings.
    expect(view.calls.some((call) => call.url === '/quiz-results' && call.method === 'POST')).toBe(false);

    mockRandom = () => 0.999;
    await userEvent.click(screen.getByRole('button', { name: 'Practice again' }));
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toHaveFocus();
    expect(answersOf('10 + 10?').getAllByRole('button').map((button) => button.textContent)).toEqual(['A. 20', 'B. 30', 'C. 40', 'D. 50']);
    await userEvent.click(screen.getByRole('button', { name: 'A. 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    await userEvent.click(screen.getByRole('button', { name: 'C. 40' }));
    await userEvent.click(screen.getByRole('button', { name: 'See my score' }));
    expect(screen.getByRole('heading', { name: 'You got 2 of 2 right in practice!' })).toBeInTheDocument();
    await waitFor(() => expect(view.calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(view.calls.filter((call) => call.method === 'POST')[1]!.body).toEqual({ lessonId: 'l1', answers: ['A', 'C'] });
  });

  it('when the quiz → answers → practice path is walked with the keyboard (from Quiz Time on), then focus follows every view', async () => {
    const view = renderLearning('/my-classes', { gateway: learningGateway() });
    await userEvent.click(await screen.findByRole('button', { name: /Adding tens/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Take Quiz' }));
    expect(screen.getByRole('heading', { name: 'Quiz Time' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard(' '); // 1. A. 20
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}'); // 2. C. 40
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Submit Quiz' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(view.feedback.alerts).toHaveLength(1));
    expect((view.calls.find((call) => call.method === 'POST') as FakeRequest).body).toEqual({ quizId: 'l1', answers: ['A', 'C'] });

    expect(await screen.findByRole('heading', { name: 'Your answers: Adding tens' })).toHaveFocus();
    await screen.findByText('You got 1 of 2 right.');
    await userEvent.tab();
    const viewer = screen.getByRole('region', { name: 'Lesson viewer' });
    expect(within(viewer).getByRole('button', { name: 'Practice' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Practice: Adding tens' })).toHaveFocus();
    await userEvent.tab();
    expect(await screen.findByRole('button', { name: 'A. 30' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Next question' })).toHaveFocus();
  });

  it('when the practice run cannot be saved, then it is only logged and the score still shows', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted, practiceResult: { status: 409, body: { error: 'quiz not taken' } } }) });
    await userEvent.click(await screen.findByRole('button', { name: /Adding tens/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Practice' }));
    await userEvent.click(await screen.findByRole('button', { name: 'D. 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    await userEvent.click(screen.getByRole('button', { name: 'B. 40' }));
    await userEvent.click(screen.getByRole('button', { name: 'See my score' }));
    expect(screen.getByRole('heading', { name: 'You got 2 of 2 right in practice!' })).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Saving the practice run failed', expect.anything()));
    error.mockRestore();
  });

  it('when the answer key cannot be read, then practice says it is not ready', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLearning('/my-classes', { gateway: learningGateway({ mine: attempted, review: { status: 404 } }) });
    await userEvent.click(await screen.findByRole('button', { name: /Adding tens/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Practice' }));
    expect(await screen.findByText("Practice isn't ready just now. Please try again soon.")).toBeInTheDocument();
    error.mockRestore();
  });
});
