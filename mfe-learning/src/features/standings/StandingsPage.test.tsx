import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLearning } from '../../test/render-learning';

const lessons = [
  { _id: 'l1', lessonHeading: 'Adding tens', parts: [], quiz: [] },
  { _id: 'l2', lessonHeading: 'Shapes', parts: [], quiz: [] },
];

describe('/standings (SPEC §2)', () => {
  it('when a lesson is chosen, then its table shows Rank, User, Score, Total with the first row highlighted and my own row marked', async () => {
    const mine = 'keyed-row-id-of-mine';
    renderLearning('/standings', {
      gateway: (req) => {
        if (req.url === '/lessons') return { status: 200, body: lessons };
        if (req.url === '/quiz-results/mine') return { status: 200, body: [{ lessonId: 'l1', standingId: mine, score: 4, total: 5, reward: 0, at: '2026-11-01T10:00:00.000Z' }] };
        if (req.url === '/standings/l1')
          return { status: 200, body: [{ _id: 'x', userInfo: { name: 'Ada' }, score: 5, total: 5 }, { _id: mine, userInfo: { name: 'Lina L.' }, score: 4, total: 5 }] };
        return { status: 404 };
      },
    });
    expect(screen.getByRole('heading', { name: 'Quiz Standings' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Adding tens' }));
    const table = await screen.findByRole('table', { name: 'Standings for Adding tens' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Rank', 'User', 'Score', 'Total']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveClass('kl-row--highlight');
    await waitFor(() => expect(rows[1]).toHaveClass('lrn-own-row'));
    expect(within(rows[1]!).getByText('You')).toBeInTheDocument();
  });

  it('when nobody attempted the lesson, then it says No attempts yet', async () => {
    renderLearning('/standings', { gateway: (req) => (req.url === '/lessons' ? { status: 200, body: lessons } : req.url === '/standings/l2' ? { status: 200, body: [] } : { status: 404 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Shapes' }));
    expect(await screen.findByText('No attempts yet')).toBeInTheDocument();
  });
});
