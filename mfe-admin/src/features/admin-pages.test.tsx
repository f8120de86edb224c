import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeHandler, FakeReply } from '@kidslearn/kit/testing';
import { renderAdmin } from '../test/render-admin';

const route = (routes: Record<string, FakeReply | ((url: string, body: unknown) => FakeReply)>): FakeHandler => (req) => {
  const key = Object.keys(routes).find((prefix) => `${req.method} ${req.url}`.startsWith(prefix));
  if (!key) return { status: 404 };
  const reply = routes[key]!;
  return typeof reply === 'function' ? reply(req.url, req.body) : reply;
};

describe('dashboard overview (SPEC §2, §8)', () => {
  it('when the counts load, then three stat cards show them, each the number the server answered for it', async () => {
    const view = renderAdmin('/dashboard', { gateway: route({ 'GET /admin/overview': { status: 200, body: { totalLesson: 8, totalAdmin: 3, totalUsers: 42 } } }) });
    await screen.findByText("Total Lesson's");
    const cards = within(screen.getByText("Total Lesson's").closest('ul')!).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    for (const [card, label, value] of [[cards[0], "Total Lesson's", '8'], [cards[1], "Total Admin's", '3'], [cards[2], 'Total Users', '42']] as const) {
      expect(within(card!).getByText(label)).toBeInTheDocument();
      expect(within(card!).getByText(value)).toBeInTheDocument();
    }
    expect(view.calls.filter((call) => call.url === '/admin/overview')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Redemtion Pendings' })).toHaveAttribute('href', '/dashboard/redem-pending');
  });

  it('when the counts fail, then it is only logged and the spinner stays', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAdmin('/dashboard', { gateway: route({ 'GET /admin/overview': { status: 500 } }) });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Loading the overview failed', expect.anything()));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    error.mockRestore();
  });
});

describe('My Users (paged on the server)', () => {
  it('when a page loads, then #, Name, Email and Role show (User when the role is missing) and search asks the server from page 1', async () => {
    const view = renderAdmin('/dashboard/my-users', {
      gateway: route({
        'GET /users': () => ({ status: 200, body: { items: [{ _id: '1', name: 'Ada', email: 'ada@x.test' }, { _id: '2', name: 'Bo', email: 'bo@x.test', role: 'admin' }], total: 45, page: 1, limit: 20 } }),
      }),
    });
    const table = await screen.findByRole('table', { name: 'All users' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/1.*Ada.*ada@x\.test.*User/);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Admin');
    expect(screen.getByText('Page 1 of 3 (45 users)')).toBeInTheDocument();
    expect(view.calls.some((call) => call.url === '/users?page=1&limit=20')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(view.calls.some((call) => call.url === '/users?page=2&limit=20')).toBe(true));
    await userEvent.type(screen.getByLabelText('Search by email or name'), 'ad');
    await waitFor(() => expect(view.calls.some((call) => call.url === '/users?page=1&limit=20&q=ad')).toBe(true));
  });
});

describe('Create Lesson (SPEC §2, §4, §5)', () => {
  it('when opened, then 3 empty parts and 5 empty questions show with their counts', () => {
    renderAdmin('/dashboard/add-lesson');
    expect(screen.getByText('3 parts')).toBeInTheDocument();
    expect(screen.getByText('5 quiz questions')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Part Name')).toHaveLength(3);
    expect(screen.getAllByLabelText('Question')).toHaveLength(5);
  });

  it('when removing a part, then it asks first; cancelled keeps it, confirmed removes it; the last one cannot be removed', async () => {
    const view = renderAdmin('/dashboard/add-lesson');
    view.feedback.confirmAnswer = false;
    await userEvent.click(screen.getByRole('button', { name: 'Remove part 1' }));
    expect(view.feedback.confirms).toEqual([{ title: 'Remove this part?', text: 'This action cannot be undone.' }]);
    expect(screen.getAllByLabelText('Part Name')).toHaveLength(3);
    view.feedback.confirmAnswer = true;
    await userEvent.click(screen.getByRole('button', { name: 'Remove part 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove part 1' }));
    expect(screen.getAllByLabelText('Part Name')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove part 1' })).toBeDisabled();
  });

  it('when saved with empty fields or a bad link, then the shared rules say why under each field and nothing is sent', async () => {
    const view = renderAdmin('/dashboard/add-lesson');
    await userEvent.type(screen.getAllByLabelText('Video Link')[0]!, 'not a link');
    await userEvent.click(screen.getByRole('button', { name: 'Save Lesson' }));
    expect(await screen.findByText('Lesson heading is required.')).toBeInTheDocument();
    expect(screen.getByText('Every video link must be a valid http(s) URL.')).toBeInTheDocument();
    expect(screen.getAllByText('Every question needs a correct answer: A, B, C or D.').length).toBe(5);
    expect(view.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  async function fillOneOfEach() {
    for (const name of ['Remove part 1', 'Remove part 1']) await userEvent.click(screen.getByRole('button', { name }));
    for (let i = 0; i < 4; i += 1) await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await userEvent.type(screen.getByLabelText('Lesson Heading'), 'Adding tens');
    await userEvent.type(screen.getByLabelText('Part Name'), 'Tens');
    await userEvent.type(screen.getByLabelText('Video Link'), 'https://youtu.be/abcdefghijk');
    await userEvent.type(screen.getByLabelText('Question'), '10 + 10?');
    for (const [letter, text] of [['A', '20'], ['B', '30'], ['C', '40'], ['D', '50']]) await userEvent.type(screen.getByLabelText(`Option ${letter}`), text!);
    await userEvent.selectOptions(screen.getByLabelText('Correct Answer'), 'A');
  }

  it('when a valid lesson is saved, then it is sent once, success shows and the form starts afresh', async () => {
    const view = renderAdmin('/dashboard/add-lesson', { gateway: route({ 'POST /lessons': { status: 201, body: { _id: 'l9' } } }) });
    await fillOneOfEach();
    await userEvent.click(screen.getByRole('button', { name: 'Save Lesson' }));
    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Lesson saved successfully!', icon: 'success', timer: 2000 }]));
    expect(view.calls.find((call) => call.method === 'POST')?.body).toEqual({
      lessonHeading: 'Adding tens',
      parts: [{ name: 'Tens', link: 'https://youtu.be/abcdefghijk' }],
      quiz: [{ question: '10 + 10?', optionA: '20', optionB: '30', optionC: '40', optionD: '50', correctAnswer: 'A' }],
    });
    await waitFor(() => expect(screen.getAllByLabelText('Part Name')).toHaveLength(3));
    expect(screen.getByLabelText('Lesson Heading')).toHaveValue('');
  });

  it('when saving fails, then the failure shows and nothing typed is lost', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderAdmin('/dashboard/add-lesson', { gateway: route({ 'POST /lessons': { status: 500 } }) });
    await fillOneOfEach();
    await userEvent.click(screen.getByRole('button', { name: 'Save Lesson' }));
    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Failed to save lesson. Please try again.', icon: 'error' }]));
    expect(screen.getByLabelText('Lesson Heading')).toHaveValue('Adding tens');
    error.mockRestore();
  });

  it.each([
    ['+ Add Part', 3, 'A lesson can have at most 50 parts.'],
    ['+ Add Quiz', 5, 'A lesson can have at most 50 questions.'],
  ])('when %s makes the list longer than 50 and Save is pressed, then the rule says why beside Save and nothing is sent', async (add, start, rule) => {
    const view = renderAdmin('/dashboard/add-lesson', { gateway: route({ 'POST /lessons': { status: 201, body: { _id: 'l9' } } }) });
    const adder = screen.getByRole('button', { name: add });
    for (let count = start; count < 51; count += 1) fireEvent.click(adder);
    await userEvent.click(screen.getByRole('button', { name: 'Save Lesson' }));
    const footer = screen.getByText(/Untitled lesson/).closest('footer') as HTMLElement;
    expect(await within(footer).findByRole('alert')).toHaveTextContent(rule);
    expect(view.calls.some((call) => call.method === 'POST')).toBe(false);
    // 51 questions of six fields each take jsdom several seconds to render on a 2-core machine.
  }, 30_000);

  it('when Clear is confirmed, then every field empties', async () => {
    const view = renderAdmin('/dashboard/add-lesson');
    await userEvent.type(screen.getByLabelText('Lesson Heading'), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(view.feedback.confirms[0]).toMatchObject({ title: 'Clear all fields?' });
    await waitFor(() => expect(screen.getByLabelText('Lesson Heading')).toHaveValue(''));
  });
});

describe('Admin Control Panel (SPEC §2, §5, §8)', () => {
  const learner = { _id: 'u7', name: 'Lina', email: 'lina@x.test', role: 'user' };

  it('when the search finds a learner and Make Admin succeeds, then the row says Admin and the 2 s alert shows', async () => {
    const view = renderAdmin('/dashboard/make-admin', {
      gateway: route({ 'GET /users/search': { status: 200, body: learner }, 'PUT /users/u7/make-admin': { status: 200, body: { ...learner, role: 'admin' } } }),
    });
    await userEvent.type(screen.getByLabelText('User email'), '  lina@x.test  ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(view.calls.find((call) => call.url.startsWith('/users/search'))?.url).toBe('/users/search?email=lina%40x.test');
    await userEvent.click(await screen.findByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Admin Added!', text: 'This user has been promoted to admin.', icon: 'success', timer: 2000 }]));
    expect(await screen.findByRole('button', { name: 'Remove Admin' })).toBeInTheDocument();
  });

  it.each([
    [{ status: 404 }, 'User not found'],
    [{ status: 500 }, 'Something went wrong'],
    [{ status: 200, body: [] }, 'No user found for that email.'],
  ])('when the search answers %o, then it says %s', async (reply, text) => {
    renderAdmin('/dashboard/make-admin', { gateway: route({ 'GET /users/search': reply }) });
    await userEvent.type(screen.getByLabelText('User email'), 'who@x.test');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("when the server refuses a role change, then 'Oops...' shows its error field", async () => {
    const view = renderAdmin('/dashboard/make-admin', {
      gateway: route({ 'GET /users/search': { status: 200, body: { ...learner, role: 'admin' } }, 'PUT /users/u7/remove-admin': { status: 409, body: { error: 'Nope.' } } }),
    });
    await userEvent.type(screen.getByLabelText('User email'), 'lina@x.test');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Admin' }));
    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Oops...', text: 'Nope.', icon: 'error' }]));
  });

  it('when the admin finds themselves, then Remove Admin is disabled and says why', async () => {
    renderAdmin('/dashboard/make-admin', { gateway: route({ 'GET /users/search': { status: 200, body: { _id: 'a1', name: 'Adam', email: 'admin@kidslearn.test', role: 'admin' } } }) });
    await userEvent.type(screen.getByLabelText('User email'), 'admin@kidslearn.test');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('button', { name: 'Remove Admin' })).toBeDisabled();
    expect(screen.getByText('You cannot remove your own admin role.')).toBeInTheDocument();
  });
});

describe('Pending Gift Parcels (SPEC §2, §4, §8)', () => {
  const parcel = { _id: 'p1', email: 'lina@x.test', giftName: 'Sticker Pack', giftImg: 'x', cost: 5, createdAt: '2026-11-20T10:00:00.000Z', address: { name: 'Lina', phone: '123', address1: '1 Main St', city: 'Town', postalCode: '999' } };

  it('when Delivered is confirmed, then the parcel leaves the list at once and success shows', async () => {
    const view = renderAdmin('/dashboard/redem-pending', { gateway: route({ 'GET /redemptions': { status: 200, body: { items: [parcel], total: 1, matches: 1, nextCursor: null } }, 'PATCH /redemptions/p1/delivery': { status: 200, body: {} } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Sticker Pack for Lina as delivered' }));
    expect(view.feedback.confirms[0]).toMatchObject({ title: 'Mark this parcel as delivered?' });
    expect(await screen.findByText('No pending parcels. 🎉')).toBeInTheDocument();
    await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'Marked as delivered.', icon: 'success' }]));
    expect(view.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ deliveryStatus: true });
  });

  it('when the update fails, then the parcel comes back and the failure shows', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderAdmin('/dashboard/redem-pending', { gateway: route({ 'GET /redemptions': { status: 200, body: { items: [parcel], total: 1, matches: 1, nextCursor: null } }, 'PATCH /redemptions/p1/delivery': { status: 500 } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Sticker Pack for Lina as delivered' }));
    await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'Failed to update. Try again.', icon: 'error' }]));
    expect(screen.getByRole('button', { name: 'Mark Sticker Pack for Lina as delivered' })).toBeInTheDocument();
    error.mockRestore();
  });

  it('when more parcels wait than one page holds, then the oldest page shows with the full count, and Load more brings the next from its cursor', async () => {
    const more = { ...parcel, _id: 'p2', giftName: 'Storybook', createdAt: '2026-11-21T10:00:00.000Z' };
    const view = renderAdmin('/dashboard/redem-pending', {
      gateway: route({
        'GET /redemptions': (url) =>
          url.includes('cursor=c1') ? { status: 200, body: { items: [more], total: 2, matches: 2, nextCursor: null } } : { status: 200, body: { items: [parcel], total: 2, matches: 2, nextCursor: 'c1' } },
      }),
    });
    expect(await screen.findByText('Showing 1 of 2 pending parcels')).toBeInTheDocument();
    expect(screen.queryByText('Storybook')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more parcels' }));
    expect(await screen.findByText('Showing 2 of 2 pending parcels')).toBeInTheDocument();
    expect(screen.getAllByText('Storybook').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Load more parcels' })).not.toBeInTheDocument();
    const urls = view.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/redemptions')).map((call) => call.url);
    expect(urls).toEqual(['/redemptions?limit=100', '/redemptions?limit=100&cursor=c1']);
  });

  it('when more than a page waits and one is delivered, then the count follows the server after Refresh (not less the delivered one twice)', async () => {
    const waiting = Array.from({ length: 150 }, (_, i) => ({ ...parcel, _id: `p${i + 1}`, giftName: `Gift ${i + 1}` }));
    const listing = (url: string) => {
      const from = url.includes('cursor=c1') ? 100 : 0;
      return { status: 200, body: { items: waiting.slice(from, from + 100), total: waiting.length, matches: waiting.length, nextCursor: from + 100 < waiting.length ? 'c1' : null } };
    };
    const view = renderAdmin('/dashboard/redem-pending', {
      gateway: route({
        'GET /redemptions': listing,
        'PATCH /redemptions/p1/delivery': () => {
          waiting.shift();
          return { status: 200, body: {} };
        },
      }),
    });
    expect(await screen.findByText('Showing 100 of 150 pending parcels')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark Gift 1 for Lina as delivered' }));
    expect(await screen.findByText('Showing 99 of 149 pending parcels')).toBeInTheDocument();
    await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'Marked as delivered.', icon: 'success' }]));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Showing 100 of 149 pending parcels')).toBeInTheDocument();
  });

  it('when the list cannot load, then the error message or the fallback shows', async () => {
    renderAdmin('/dashboard/redem-pending', { gateway: route({ 'GET /redemptions': { status: 500 } }) });
    expect(await screen.findByText('Failed to load redemptions.')).toBeInTheDocument();
  });
});
