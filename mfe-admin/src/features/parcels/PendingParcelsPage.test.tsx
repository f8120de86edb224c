import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeReply, FakeRequest } from '@kidslearn/kit/testing';
import { renderAdmin } from '../../test/render-admin';

const parcel = (i: number, over: { giftName?: string; name?: string; city?: string; email?: string } = {}) => ({
  _id: `p${i}`,
  email: over.email ?? `pupil${i}@school.test`,
  giftName: over.giftName ?? `Gift ${i}`,
  giftImg: 'x',
  cost: 5,
  createdAt: '2026-11-20T10:00:00.000Z',
  address: { name: over.name ?? `Pupil ${i}`, phone: '123', address1: '1 Main St', city: over.city ?? 'Mathtown', postalCode: '999' },
});

/** 2 002 pending parcels on the server; the one named Zoë waits at the end, far past the first page. */
const school = [...Array.from({ length: 2001 }, (_, i) => parcel(i + 1)), parcel(2002, { name: 'Zoë Brook', giftName: 'Robot Kit', city: 'Riverside' })];

/** Plays the gifts service: searches and pages on the server, 100 a page, the cursor the next index. */
function giftsService(req: FakeRequest): FakeReply {
  const url = new URL(req.url, 'http://gateway.test');
  if (req.method !== 'GET' || url.pathname !== '/redemptions') return { status: 404 };
  const q = url.searchParams.get('q')?.toLowerCase() ?? '';
  const found = school.filter((p) => [p.giftName, p.address.name, p.address.city, p.email].some((text) => text.toLowerCase().includes(q)));
  const from = Number(url.searchParams.get('cursor') ?? 0);
  const limit = Number(url.searchParams.get('limit'));
  const next = from + limit < found.length ? String(from + limit) : null;
  return { status: 200, body: { items: found.slice(from, from + limit), total: school.length, matches: found.length, nextCursor: next } };
}

// 100 rows a page render slowly on a busy machine: wait longer than Testing Library's 1 s for what follows.
const shows = (text: string) => screen.findByText(text, {}, { timeout: 5000 });

const listCalls = (calls: FakeRequest[]) => calls.filter((call) => call.method === 'GET' && call.url.startsWith('/redemptions')).map((call) => call.url);

describe('Pending Gift Parcels searched on the server (2 002 parcels)', () => {
  it('when the admin types a name, then the server is asked once the typing pauses, and the parcel past the loaded pages shows with the count of matches', async () => {
    const user = userEvent.setup();
    const view = renderAdmin('/dashboard/redem-pending', { gateway: giftsService });
    expect(await shows('Showing 100 of 2002 pending parcels')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by gift, name, city or email'), 'zoë');
    expect(await shows('Showing 1 of 1 pending parcel')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Pending gift parcels' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Robot Kit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more parcels' })).not.toBeInTheDocument();
    // Debounced: one request for the word, none for each letter typed.
    expect(listCalls(view.calls)).toEqual(['/redemptions?limit=100', `/redemptions?limit=100&q=${encodeURIComponent('zoë')}`]);
  });

  it.each([
    ['gift', 'ROBOT kit'],
    ['city', 'riverSIDE'],
    ['email', 'pupil2002@'],
  ])('when the admin searches by %s, then the server finds the parcel', async (_field, text) => {
    const user = userEvent.setup();
    renderAdmin('/dashboard/redem-pending', { gateway: giftsService });
    await shows('Showing 100 of 2002 pending parcels');
    await user.type(screen.getByLabelText('Search by gift, name, city or email'), text);
    expect(await shows('Showing 1 of 1 pending parcel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Robot Kit for Zoë Brook as delivered' })).toBeInTheDocument();
  });

  it("when a search matches more than a page, then 'Load more parcels' continues the same search from its cursor", async () => {
    const user = userEvent.setup();
    const view = renderAdmin('/dashboard/redem-pending', { gateway: giftsService });
    await shows('Showing 100 of 2002 pending parcels');
    await user.type(screen.getByLabelText('Search by gift, name, city or email'), 'pupil1');
    // pupil1, pupil10-19, pupil100-199, pupil1000-1999: 1 111 matches
    expect(await shows('Showing 100 of 1111 pending parcels')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more parcels' }));
    expect(await shows('Showing 200 of 1111 pending parcels')).toBeInTheDocument();
    expect(listCalls(view.calls).slice(1)).toEqual(['/redemptions?limit=100&q=pupil1', '/redemptions?limit=100&cursor=100&q=pupil1']);
  });

  it("when the search finds nothing, then the count says so and the table is empty, never 'No pending parcels'", async () => {
    const user = userEvent.setup();
    renderAdmin('/dashboard/redem-pending', { gateway: giftsService });
    await shows('Showing 100 of 2002 pending parcels');
    await user.type(screen.getByLabelText('Search by gift, name, city or email'), 'unicorn');
    expect(await shows('Showing 0 of 0 pending parcels')).toBeInTheDocument();
    expect(screen.queryByText('No pending parcels. 🎉')).not.toBeInTheDocument();
  });

  it('when a parcel found by a search is delivered, then it leaves the list and the count of matches', async () => {
    const user = userEvent.setup();
    renderAdmin('/dashboard/redem-pending', {
      gateway: (req) => (req.method === 'PATCH' ? { status: 200, body: {} } : giftsService(req)),
    });
    await shows('Showing 100 of 2002 pending parcels');
    await user.type(screen.getByLabelText('Search by gift, name, city or email'), 'pupil20');
    // pupil20, pupil200-209, pupil2000-2002: 14 matches
    expect(await shows('Showing 14 of 14 pending parcels')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark Gift 20 for Pupil 20 as delivered' }));
    expect(await shows('Showing 13 of 13 pending parcels')).toBeInTheDocument();
  });

  it('when the server refuses the search, then its message shows; the box takes no more than the server accepts', async () => {
    const user = userEvent.setup();
    renderAdmin('/dashboard/redem-pending', {
      gateway: (req) => (req.url.includes('q=') ? { status: 400, body: { error: 'q must be text of at most 100 characters.' } } : giftsService(req)),
    });
    await shows('Showing 100 of 2002 pending parcels');
    const box = screen.getByLabelText('Search by gift, name, city or email');
    expect(box).toHaveAttribute('maxLength', '100');
    await user.type(box, 'x');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('q must be text of at most 100 characters.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
  });
});
