import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DailyReview } from '@kidslearn/contracts';
import { renderLearning } from '../../test/render-learning';
import { dailyReviewServer, learningGateway, nothingDue } from '../../test/learning-fixtures';

const today: DailyReview = {
  day: '2026-03-04',
  items: [
    { lessonId: 'l2', question: 0, answered: null },
    { lessonId: 'l1', question: 1, answered: null },
  ],
  completed: false,
  gemEarned: false,
  daysThisWeek: ['2026-03-02', '2026-03-03'],
};
const keys = {
  'l2:0': { correct: 'A' as const, explanation: 'Six groups of seven make 42.' },
  'l1:1': { correct: 'C' as const, explanation: null },
};

function renderReview(start: DailyReview = today, gems = { balance: 5 }) {
  const server = dailyReviewServer(start, keys);
  const view = renderLearning('/my-classes', {
    gateway: learningGateway({
      daily: server.review,
      dailyAnswer: (req) => {
        const reply = server.answer(req);
        const body = reply.body as { review: DailyReview };
        if (body.review.gemEarned && !start.gemEarned) gems.balance = 6;
        return reply;
      },
      gems: () => gems.balance,
    }),
  });
  return view;
}

const card = () => screen.getByRole('region', { name: "Today's review" });
const gemBalance = (view: ReturnType<typeof renderReview>) =>
  (view.store.getState().gateway.queries['getGems("learner@kidslearn.test")']?.data as { gems: number } | undefined)?.gems;

describe("Today's review on My Classes (issue 21)", () => {
  it('when questions are due, then the first shows above the viewer’s placeholder with its progress, without taking the focus', async () => {
    renderReview();
    expect(await screen.findByRole('heading', { name: "Today's review" })).toBeInTheDocument();
    expect(await within(card()).findByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(within(card()).getByRole('group', { name: '6 × 7?' })).toBeInTheDocument();
    expect(within(card()).getAllByRole('button').map((button) => button.textContent)).toEqual(['A. 42', 'B. 36', 'C. 48', 'D. 67']);
    expect(screen.getByText('Select a lesson video or quiz')).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('while today’s review is on its way, then the viewer keeps its place, and the review and the placeholder then appear together (nothing shown first is pushed down)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers = learningGateway({ daily: dailyReviewServer(today, keys).review });
    renderLearning('/my-classes', { gateway: async (req) => (req.url === '/daily-review' ? held.then(() => answers(req)) : answers(req)) });
    expect(await screen.findByRole('button', { name: /Adding tens/ })).toBeInTheDocument();
    expect(screen.queryByText('Select a lesson video or quiz')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lesson viewer' }).querySelector('.lrn-idle')).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('heading', { name: "Today's review" })).toBeInTheDocument();
    expect(screen.getByText('Select a lesson video or quiz')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lesson viewer' }).querySelector('.lrn-idle')).toHaveAttribute('aria-busy', 'false');
  });

  it('when this week has reviewed days, then they show gently as day markers with a text alternative', async () => {
    renderReview();
    expect(await screen.findByText('Reviewed on 2 days this week')).toBeInTheDocument();
    const markers = screen.getByText('Mon').closest('ol')!;
    expect(markers).toHaveAttribute('aria-hidden', 'true');
    expect([...markers.querySelectorAll('.lrn-streak__day--reviewed')].map((day) => day.textContent)).toEqual(['★Mon', '★Tue']);
  });

  it('when the child answers, then the answer is sent and the feedback (with the explanation after a miss) is announced; Next question moves on', async () => {
    const view = renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'B. 36' }));
    expect(await screen.findByText('Not quite — the answer is A: 42')).toBeInTheDocument();
    expect(screen.getByText('Six groups of seven make 42.')).toBeInTheDocument();
    expect(screen.getByText('Not quite — the answer is A: 42').closest('[aria-live="polite"]')).not.toBeNull();
    expect(view.calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/daily-review/answers', body: { lessonId: 'l2', question: 0, answer: 'B' } });
    expect(screen.getByRole('button', { name: 'Next question' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    expect(within(card()).getByRole('heading', { name: 'Question 2 of 2' })).toHaveFocus();
    expect(within(card()).getByRole('group', { name: '20 + 20?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'C. 40' }));
    expect(await screen.findByText('Correct!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toHaveFocus();
  });

  it('when the first full review of the day is done, then it says so with the gem, and the navbar balance is read again', async () => {
    const view = renderReview();
    await waitFor(() => expect(gemBalance(view)).toBe(5));
    await userEvent.click(await screen.findByRole('button', { name: 'A. 42' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next question' }));
    await userEvent.click(screen.getByRole('button', { name: 'C. 40' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('heading', { name: 'All done for today! You earned 1 gem.' })).toHaveFocus();
    await waitFor(() => expect(gemBalance(view)).toBe(6));
    expect(screen.getByText('Reviewed on 3 days this week')).toBeInTheDocument();
  });

  it('when the day’s gem was earned earlier, then finishing says all done without a gem', async () => {
    const view = renderReview({ ...today, items: [{ lessonId: 'l2', question: 0, answered: null }], gemEarned: true });
    await userEvent.click(await screen.findByRole('button', { name: 'A. 42' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('heading', { name: 'All done for today!' })).toBeInTheDocument();
    expect(screen.queryByText(/You earned/)).not.toBeInTheDocument();
    expect(view.calls.filter((call) => call.url.startsWith('/gems/'))).toHaveLength(1);
  });

  it('when today’s review was finished before, then it says all done', async () => {
    const answered = { answer: 'A' as const, isCorrect: true, correct: 'A' as const, explanation: null };
    renderReview({ ...today, items: [{ lessonId: 'l2', question: 0, answered }], completed: true, gemEarned: true });
    expect(await screen.findByRole('heading', { name: 'All done for today!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Question/ })).not.toBeInTheDocument();
  });

  it('when nothing is due, then a friendly line shows and an empty week shows no streak', async () => {
    renderLearning('/my-classes', { gateway: learningGateway({ daily: nothingDue }) });
    expect(await screen.findByText('No review today — come back tomorrow!')).toBeInTheDocument();
    expect(screen.queryByText(/this week/)).not.toBeInTheDocument();
  });

  it('when an answer cannot be saved, then it is only logged and the child can answer again', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLearning('/my-classes', { gateway: learningGateway({ daily: today, dailyAnswer: () => ({ status: 503 }) }) });
    await userEvent.click(await screen.findByRole('button', { name: 'A. 42' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Saving the review answer failed', expect.anything()));
    expect(screen.getByRole('button', { name: 'A. 42' })).toBeEnabled();
    expect(screen.queryByText('Correct!')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('when the review cannot be read, then it is hidden and the failure only logged', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLearning('/my-classes', { gateway: (req) => (req.url === '/daily-review' ? { status: 500 } : learningGateway()(req)) });
    await waitFor(() => expect(error).toHaveBeenCalledWith("Loading today's review failed", expect.anything()));
    expect(screen.queryByRole('heading', { name: "Today's review" })).not.toBeInTheDocument();
    expect(await screen.findByText('Select a lesson video or quiz')).toBeInTheDocument();
    error.mockRestore();
  });
});
