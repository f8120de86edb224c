import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeHandler, FakeRequest } from '@kidslearn/kit/testing';
import { renderLearning } from '../../test/render-learning';

const lessons = [
  {
    _id: 'l1',
    lessonHeading: 'Adding tens',
    parts: [
      { name: 'What is a ten?', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { name: 'Counting by tens', link: 'https://youtu.be/abcdefghijk' },
    ],
    quiz: [
      { question: '10 + 10?', optionA: '20', optionB: '30', optionC: '40', optionD: '50' },
      { question: '20 + 10?', optionA: '10', optionB: '30', optionC: '40', optionD: '50' },
    ],
  },
  { _id: 'l2', lessonHeading: 'Shapes', parts: [{ name: 'Circles', link: 'https://example.com/v.mp4' }], quiz: [] },
];

function gateway(result: { status: number; body?: unknown } = { status: 201, body: { attemptId: 'a1', score: 2, total: 2, reward: 2, gems: 9 } }, mine: unknown[] = []): FakeHandler {
  return (req) => {
    if (req.url === '/lessons') return { status: 200, body: lessons };
    if (req.url === '/quiz-results/mine') return { status: 200, body: mine };
    if (req.url === '/quiz-results' && req.method === 'POST') return result;
    // Issue 21's reads of the page (tested in their own files): nothing practised, nothing due today.
    if (req.url === '/quiz-results/progress') return { status: 200, body: [] };
    if (req.url === '/daily-review') return { status: 200, body: { day: '2026-03-04', items: [], completed: false, gemEarned: false, daysThisWeek: [] } };
    if (req.url === '/quiz-results/l1/review') return { status: 200, body: { lessonId: 'l1', score: 2, total: 2, questions: [] } };
    return { status: 404 };
  };
}

const lessonButton = (name: string) => screen.findByRole('button', { name: new RegExp(name) });

describe('/my-classes, the Learning screen (SPEC §4)', () => {
  it('when nothing is chosen, then the viewer asks to select a lesson video or quiz', async () => {
    renderLearning('/my-classes', { gateway: gateway() });
    expect(await screen.findByText('Select a lesson video or quiz')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lessons' })).toBeInTheDocument();
    expect(await lessonButton('Adding tens')).toBeInTheDocument();
  });

  it('when a lesson is opened, then its parts and Take Quiz show; clicking it again closes it', async () => {
    renderLearning('/my-classes', { gateway: gateway() });
    await userEvent.click(await lessonButton('Adding tens'));
    expect(screen.getByRole('button', { name: 'What is a ten?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take Quiz' })).toBeEnabled();
    await userEvent.click(await lessonButton('Adding tens'));
    expect(screen.queryByRole('button', { name: 'What is a ten?' })).not.toBeInTheDocument();
  });

  it('when a part is chosen, then it plays in an embedded, titled, sandboxed frame with Previous/Next and focus on its heading', async () => {
    renderLearning('/my-classes', { gateway: gateway() });
    await userEvent.click(await lessonButton('Adding tens'));
    await userEvent.click(screen.getByRole('button', { name: 'What is a ten?' }));
    const heading = screen.getByRole('heading', { name: 'What is a ten?' });
    expect(heading).toHaveFocus();
    const frame = screen.getByTitle('Lesson video: What is a ten?');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Counting by tens' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('when a perfect quiz is submitted, then the server scores it, the 3000 ms dialog shows, the balance takes its total and the lesson is Done', async () => {
    const view = renderLearning('/my-classes', { gateway: gateway(), gems: 7 });
    await userEvent.click(await lessonButton('Adding tens'));
    await userEvent.click(screen.getByRole('button', { name: 'Take Quiz' }));
    expect(screen.getByRole('heading', { name: 'Quiz Time' })).toHaveFocus();
    expect(screen.queryByTitle(/Lesson video/)).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('group', { name: '1. 10 + 10?' })).getByLabelText('A. 20'));
    await userEvent.click(within(screen.getByRole('group', { name: '2. 20 + 10?' })).getByLabelText('B. 30'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Quiz' }));

    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Amazing! Perfect Score!', text: 'You earned 2 gems', icon: 'success', timer: 3000 }]));
    const post = view.calls.find((call) => call.method === 'POST') as FakeRequest;
    expect(post.body).toEqual({ quizId: 'l1', answers: ['A', 'B'] });
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const gems = view.store.getState().gateway.queries['getGems("learner@kidslearn.test")']?.data as { gems: number };
    expect(gems.gems).toBe(9);
    expect(screen.queryByRole('heading', { name: 'Quiz Time' })).not.toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quiz Attempted' })).toBeDisabled();
  });

  it.each([
    [{ score: 1, total: 2, reward: 1 }, { title: 'Quiz Submitted!', text: 'You scored 1/2. Great job—earned 1 gem!', icon: 'success' }],
    [{ score: 0, total: 2, reward: 0 }, { title: 'Quiz Submitted!', text: 'You scored 0/2. Keep practicing!', icon: 'info' }],
  ])('when the server scores %o, then the dialog is %o (no timer)', async (score, dialog) => {
    const view = renderLearning('/my-classes', { gateway: gateway({ status: 201, body: { attemptId: 'a', gems: 3, ...score } }) });
    await userEvent.click(await lessonButton('Adding tens'));
    await userEvent.click(screen.getByRole('button', { name: 'Take Quiz' }));
    // Unanswered questions are sent as null and count as wrong on the server (after the learner said so).
    await userEvent.click(screen.getByRole('button', { name: 'Submit Quiz' }));
    await waitFor(() => expect(view.feedback.alerts).toEqual([dialog]));
    expect(view.feedback.confirms).toEqual([{ title: 'You left 2 questions empty. Submit anyway?', confirmText: 'Submit anyway', cancelText: 'Keep answering' }]);
    expect((view.calls.find((call) => call.method === 'POST') as FakeRequest).body).toEqual({ quizId: 'l1', answers: [null, null] });
  });

  it('when saving fails, then it is only logged, the answers stay, and the retry sends the same Idempotency-Key', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const handler = gateway();
    const view = renderLearning('/my-classes', {
      gateway: (req) => (req.method === 'POST' && fail ? { status: 503, body: { error: 'down' } } : handler(req)),
    });
    await userEvent.click(await lessonButton('Adding tens'));
    await userEvent.click(screen.getByRole('button', { name: 'Take Quiz' }));
    await userEvent.click(screen.getByLabelText('A. 20'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Quiz' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Saving the quiz result failed', expect.anything()));
    expect(view.feedback.alerts).toEqual([]);
    expect(screen.getByLabelText('A. 20')).toBeChecked();
    fail = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Quiz' }));
    await waitFor(() => expect(view.feedback.alerts).toHaveLength(1));
    const keys = view.calls.filter((call) => call.method === 'POST').map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    error.mockRestore();
  });

  it('when one question is left empty and the learner chooses to keep answering, then nothing is sent and the answers stay', async () => {
    const view = renderLearning('/my-classes', { gateway: gateway() });
    view.feedback.confirmAnswer = false;
    await userEvent.click(await lessonButton('Adding tens'));
    await userEvent.click(screen.getByRole('button', { name: 'Take Quiz' }));
    await userEvent.click(screen.getByLabelText('A. 20'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Quiz' }));
    await waitFor(() => expect(view.feedback.confirms).toHaveLength(1));
    expect(view.feedback.confirms[0]!.title).toBe('You left 1 question empty. Submit anyway?');
    expect(view.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByLabelText('A. 20')).toBeChecked();
  });

  it('when every question is answered, then the quiz is sent without asking', async () => {
    const view = renderLearning('/my-classes', { gateway: gateway() });
    await userEvent.click(await lessonButton('Adding tens'));
    await userEvent.click(screen.getByRole('button', { name: 'Take Quiz' }));
    await userEvent.click(within(screen.getByRole('group', { name: '1. 10 + 10?' })).getByLabelText('A. 20'));
    await userEvent.click(within(screen.getByRole('group', { name: '2. 20 + 10?' })).getByLabelText('B. 30'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Quiz' }));
    await waitFor(() => expect(view.feedback.alerts).toHaveLength(1));
    expect(view.feedback.confirms).toEqual([]);
  });

  it('when a lesson has no questions, then submitting does nothing', async () => {
    const view = renderLearning('/my-classes', { gateway: gateway() });
    await userEvent.click(await lessonButton('Shapes'));
    await userEvent.click(screen.getByRole('button', { name: 'Take Quiz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Quiz' }));
    expect(view.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('when the learner attempted a lesson before (another device), then it shows Done and Quiz Attempted on load', async () => {
    renderLearning('/my-classes', { gateway: gateway(undefined, [{ lessonId: 'l1', score: 2, total: 2, reward: 2, at: '2026-01-01T00:00:00Z' }]) });
    await userEvent.click(await lessonButton('Adding tens'));
    expect(await screen.findByRole('button', { name: 'Quiz Attempted' })).toBeDisabled();
    expect(screen.getByText('Done')).toBeInTheDocument();
  });

  it('when the lessons cannot be loaded, then the failure is only logged', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLearning('/my-classes', { gateway: (req) => (req.url === '/lessons' ? { status: 500 } : { status: 404 }) });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Loading the lessons failed', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // An empty list would say there are no lessons, which is not what happened.
    expect(screen.queryByText('No lessons yet. Please check back soon!')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
