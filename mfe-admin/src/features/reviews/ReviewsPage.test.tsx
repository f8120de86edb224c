import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeHandler, FakeReply } from '@kidslearn/kit/testing';
import type { AdminReview } from '../../api/admin-api';
import { renderAdmin } from '../../test/render-admin';

const route = (routes: Record<string, FakeReply | ((url: string, body: unknown) => FakeReply)>): FakeHandler => (req) => {
  const key = Object.keys(routes).find((prefix) => `${req.method} ${req.url}`.startsWith(prefix));
  if (!key) return { status: 404 };
  const reply = routes[key]!;
  return typeof reply === 'function' ? reply(req.url, req.body) : reply;
};

const ana: AdminReview = { _id: 'r1', name: 'Ana', title: 'Parent', message: 'Lovely lessons', createdAt: '2026-11-20T10:00:00.000Z', hidden: false, flagged: false };
const spam: AdminReview = { _id: 'r2', name: 'Max', title: '', message: 'Free games on coolgames.com', createdAt: '2026-11-19T10:00:00.000Z', hidden: true, flagged: true, flagReason: 'link' };
const when = (review: AdminReview) => new Date(review.createdAt).toLocaleString();

/** A server holding `reviews`: the list reads them, PATCH changes them (answers are copies: the store freezes what it gets). */
function server(reviews: AdminReview[], total = reviews.length): FakeHandler {
  let state = reviews.map((review) => ({ ...review }));
  return route({
    'GET /admin/reviews': () => ({ status: 200, body: { items: state.map((review) => ({ ...review })), total, page: 1, limit: 20 } }),
    'PATCH /admin/reviews/': (url, body) => {
      state = state.map((review) => (url.endsWith(`/${review._id}`) ? { ...review, ...(body as Partial<AdminReview>) } : review));
      return { status: 200, body: { ...state.find((review) => url.endsWith(`/${review._id}`)) } };
    },
  });
}

describe('Reviews (beyond SPEC: review moderation)', () => {
  it('when opened from the sidebar, then the Reviews link comes after the five SPEC entries and the page lists date, name, title, review and status', async () => {
    const view = renderAdmin('/dashboard/reviews', { gateway: server([ana, spam]) });
    const links = within(screen.getByRole('navigation', { name: 'Dashboard' })).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Home', 'My Users', 'Add Lesson', 'Make Admin', 'Redemtion Pendings', 'Reviews']);
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/dashboard/reviews');
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'All reviews' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent(/Date.*Name.*Title.*Review.*Status.*Action/);
    expect(first).toHaveTextContent(/Ana.*Parent.*Lovely lessons.*Shown/);
    expect(second).toHaveTextContent(/Max.*Free games on coolgames\.com.*Held by the filter.*It contains a web address\./);
    expect(screen.getByText('Page 1 of 1 (2 reviews)')).toBeInTheDocument();
    expect(view.calls.some((call) => call.url === '/admin/reviews?page=1&limit=20')).toBe(true);
  });

  it('when Hide is pressed, then the review is hidden on the server, the row says Hidden and a toast confirms', async () => {
    const view = renderAdmin('/dashboard/reviews', { gateway: server([ana]) });
    await userEvent.click(await screen.findByRole('button', { name: `Hide the review by Ana of ${when(ana)}` }));
    await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'Review hidden.', icon: 'success' }]));
    expect(view.calls.find((call) => call.method === 'PATCH')).toMatchObject({ url: '/admin/reviews/r1', body: { hidden: true } });
    expect(view.feedback.confirms).toEqual([]);
    expect(await screen.findByRole('button', { name: `Show the review by Ana of ${when(ana)}` })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'All reviews' })).getByText('Hidden')).toBeInTheDocument();
  });

  it('when a review the filter held back is shown, then it asks first with the reason; cancelled sends nothing, confirmed publishes it', async () => {
    const view = renderAdmin('/dashboard/reviews', { gateway: server([spam]) });
    const show = await screen.findByRole('button', { name: `Show the review by Max of ${when(spam)}` });
    view.feedback.confirmAnswer = false;
    await userEvent.click(show);
    expect(view.feedback.confirms).toEqual([{ title: 'Show this review on the landing page?', text: 'It contains a web address.' }]);
    expect(view.calls.some((call) => call.method === 'PATCH')).toBe(false);

    view.feedback.confirmAnswer = true;
    await userEvent.click(show);
    await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'Review shown.', icon: 'success' }]));
    expect(view.calls.find((call) => call.method === 'PATCH')).toMatchObject({ url: '/admin/reviews/r2', body: { hidden: false } });
    expect(await screen.findByText('Shown')).toBeInTheDocument();
  });

  it('when the change fails, then the failure shows and the row stays as it was', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderAdmin('/dashboard/reviews', {
      gateway: route({ 'GET /admin/reviews': { status: 200, body: { items: [ana], total: 1, page: 1, limit: 20 } }, 'PATCH /admin/reviews/r1': { status: 500 } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: `Hide the review by Ana of ${when(ana)}` }));
    await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'Failed to update. Try again.', icon: 'error' }]));
    expect(screen.getByText('Shown')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Changing the review failed', expect.anything());
    error.mockRestore();
  });

  it('when there are more reviews than a page holds, then Next page asks the server for page 2', async () => {
    const view = renderAdmin('/dashboard/reviews', { gateway: server([ana], 45) });
    expect(await screen.findByText('Page 1 of 3 (45 reviews)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(view.calls.some((call) => call.url === '/admin/reviews?page=2&limit=20')).toBe(true));
  });

  it.each([
    [{ status: 500 }, 'Failed to load reviews.'],
    [{ status: 200, body: { items: [], total: 0, page: 1, limit: 20 } }, 'No reviews yet.'],
  ])('when the list answers %o, then it says %s', async (reply, text) => {
    renderAdmin('/dashboard/reviews', { gateway: route({ 'GET /admin/reviews': reply }) });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
