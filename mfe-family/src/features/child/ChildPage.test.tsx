import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeHandler, FakeReply, FakeRequest } from '@kidslearn/kit/testing';
import { renderFamily } from '../../test/render-family';
import { awaiting, declined, lina, linaGems, linaLearning, omar } from '../../test/family-fixtures';

const base = '/family/children/link-lina-0001';

/** Lina's data; `over` answers first (a test's own replies). */
function gateway(over: (req: FakeRequest) => FakeReply | undefined = () => undefined): FakeHandler {
  return (req) => {
    const own = over(req);
    if (own) return own;
    if (req.url === '/family/children') return { status: 200, body: [lina, omar] };
    if (req.url === `${base}/learning`) return { status: 200, body: linaLearning };
    if (req.url === `${base}/gems`) return { status: 200, body: linaGems };
    if (req.url === `${base}/redemptions`) return { status: 200, body: [declined, awaiting] };
    return { status: 404 };
  };
}

const region = (name: string) => screen.findByRole('region', { name });

describe('/family/children/:linkId, a child’s page', () => {
  it('when the child is not one of the parent’s children, then it says so, links back and asks for none of their data', async () => {
    const view = renderFamily('/family/children/someone-else-01', { gateway: gateway() });
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find this child" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to your children/ })).toHaveAttribute('href', '/family');
    expect(view.calls.filter((call) => call.url.startsWith('/family/children/'))).toHaveLength(0);
  });

  it('when the server does not offer the list (404), then the child is not found either', async () => {
    renderFamily(base, { gateway: () => ({ status: 404, body: { error: 'Not found', message: 'Not found', code: 'not_found' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find this child" })).toBeInTheDocument();
  });

  it('when the page opens, then the sections come in order, Lessons first, each reachable from the jump links', async () => {
    renderFamily(base, { gateway: gateway() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lina' })).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((section) => section.getAttribute('aria-labelledby') && section.querySelector('h2')?.textContent)).toEqual([
      'Lessons',
      'Gems',
      'Gifts',
      'Settings',
      'Your child’s data',
    ]);
    const jump = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(jump).getByRole('link', { name: 'Gifts' })).toHaveAttribute('href', '#fam-gifts');
  });

  it('when the child has done lessons, then the table shows lesson, score, date, the gems each earned and standing "n of m"', async () => {
    renderFamily(base, { gateway: gateway() });
    const table = await within(await region('Lessons')).findByRole('table', { name: "Lina's lessons" });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Lesson', 'Score', 'Date', 'Gems earned', 'Standing']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    // The gem history answers on its own: the column fills in once it has.
    await waitFor(() => expect(within(first!).getAllByRole('cell').map((cell) => cell.lastChild?.textContent)).toEqual(['Adding tens', '5 / 5', 'Nov 10, 2026', '2', '1 of 12']));
    expect(within(second!).getAllByRole('cell')[3]?.lastChild?.textContent).toBe('0');
    expect(within(second!).getByText('Not ranked')).toBeInTheDocument();
  });

  it('when there is nothing yet (an empty list, or a 404 from a service that has not learnt of the link), then the sections say so without an error', async () => {
    renderFamily(base, {
      gateway: gateway((req) =>
        req.url === `${base}/learning` ? { status: 200, body: { lessons: [] } } : req.url.startsWith(`${base}/`) ? { status: 404, body: { error: 'Not found', message: 'Not found', code: 'not_found' } } : undefined,
      ),
    });
    expect(await within(await region('Lessons')).findByText('No lessons done yet.')).toBeInTheDocument();
    expect(await within(await region('Gems')).findByText('No gems yet.')).toBeInTheDocument();
    expect(await within(await region('Gifts')).findByText('No gift requests yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when a section cannot be loaded, then it says so and Try again asks again', async () => {
    let reads = 0;
    renderFamily(base, { gateway: gateway((req) => (req.url === `${base}/learning` && ++reads === 1 ? { status: 500 } : undefined)) });
    const lessons = await region('Lessons');
    expect(await within(lessons).findByRole('alert')).toHaveTextContent("We couldn't load this just now.");
    await userEvent.click(within(lessons).getByRole('button', { name: 'Try again' }));
    expect(await within(lessons).findByRole('table')).toBeInTheDocument();
  });

  it('when the child has gems, then the balance and the history show, newest first, named by lesson and gift', async () => {
    renderFamily(base, { gateway: gateway() });
    const gems = await region('Gems');
    expect(await within(gems).findByText('7 gems', { exact: false })).toBeInTheDocument();
    await within(gems).findByText('Spent on Sticker Pack');
    await within(gems).findByText('Earned for the quiz "Adding tens"');
    expect(within(gems).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Gems back for Sticker Pack',
      'Spent on Sticker Pack',
      'Earned in the daily review',
      'Earned for the quiz "Adding tens"',
    ]);
    expect(within(gems).getAllByRole('listitem')[1]).toHaveTextContent('−5');
  });

  describe('gifts', () => {
    it('when requests are listed, then each shows its state; only the one waiting for the parent can be answered', async () => {
      renderFamily(base, { gateway: gateway() });
      const gifts = await region('Gifts');
      const [robot, stickers] = await within(gifts).findAllByRole('listitem');
      expect(robot).toHaveTextContent('Robot Kit');
      expect(within(robot!).getByText('Waiting for you')).toBeInTheDocument();
      expect(within(robot!).getByRole('button', { name: 'Confirm address: Robot Kit' })).toHaveAttribute('aria-expanded', 'false');
      expect(within(robot!).getByRole('button', { name: 'Decline: Robot Kit' })).toBeInTheDocument();
      expect(within(stickers!).getByText('You said no')).toBeInTheDocument();
      expect(within(stickers!).queryByRole('button')).not.toBeInTheDocument();
    });

    it('when the parent confirms the address, then the form is prefilled from the child’s, every field labelled, and the confirmed address is posted', async () => {
      let answered = false;
      const view = renderFamily(base, {
        gateway: gateway((req) => {
          if (req.url === '/family/redemptions/r1/approval') {
            answered = true;
            return { status: 200, body: { ...awaiting, status: 'pending-delivery' } };
          }
          if (req.url === `${base}/redemptions` && answered) return { status: 200, body: [declined, { ...awaiting, status: 'pending-delivery' }] };
          return undefined;
        }),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Confirm address: Robot Kit' }));
      const form = screen.getByRole('form', { name: 'Delivery address for Robot Kit' });
      expect(within(form).getByLabelText('Name')).toHaveValue('Lina');
      expect(within(form).getByLabelText('Name')).toHaveFocus();
      expect(within(form).getByLabelText('City')).toHaveValue('Townsville');
      for (const label of ['Phone', 'Address line 1', 'Address line 2 (optional)', 'Postal code', 'Notes (optional)']) expect(within(form).getByLabelText(label)).toBeInTheDocument();
      await userEvent.type(within(form).getByLabelText('Address line 2 (optional)'), 'Flat 2');
      await userEvent.click(within(form).getByRole('button', { name: 'Confirm and send' }));
      await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'Robot Kit is on its way.', icon: 'success' }]));
      expect(view.calls.find((call) => call.url === '/family/redemptions/r1/approval')).toMatchObject({
        method: 'POST',
        body: { name: 'Lina', phone: '0123 456', address1: '1 Main Street', address2: 'Flat 2', city: 'Townsville', postalCode: '12345' },
      });
      expect(await screen.findByText('On its way')).toBeInTheDocument();
    });

    it('when a required field is emptied, then the form says so, ties the error to the field and sends nothing; Cancel closes it', async () => {
      const view = renderFamily(base, { gateway: gateway() });
      await userEvent.click(await screen.findByRole('button', { name: 'Confirm address: Robot Kit' }));
      await userEvent.clear(screen.getByLabelText('City'));
      await userEvent.click(screen.getByRole('button', { name: 'Confirm and send' }));
      expect(screen.getByText('Please fill all required fields.')).toHaveAttribute('role', 'alert');
      expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Required');
      expect(view.calls.some((call) => call.method === 'POST')).toBe(false);
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm address: Robot Kit' })).toHaveFocus();
    });

    it('when the server refuses the address, then its message shows in the form', async () => {
      renderFamily(base, { gateway: gateway((req) => (req.url.endsWith('/approval') ? { status: 409, body: { error: 'Already answered.', message: 'Already answered.', code: 'conflict' } } : undefined)) });
      await userEvent.click(await screen.findByRole('button', { name: 'Confirm address: Robot Kit' }));
      await userEvent.click(screen.getByRole('button', { name: 'Confirm and send' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Already answered.');
    });

    it('when the parent declines, then it asks first, and once confirmed the decline is posted and the gems are said to be back', async () => {
      const view = renderFamily(base, { gateway: gateway((req) => (req.url === '/family/redemptions/r1/decline' ? { status: 200, body: { ...awaiting, status: 'declined' } } : undefined)) });
      view.feedback.confirmAnswer = false;
      await userEvent.click(await screen.findByRole('button', { name: 'Decline: Robot Kit' }));
      expect(view.feedback.confirms).toEqual([{ title: 'Decline Robot Kit?', text: 'Lina gets the 40 gems back.', confirmText: 'Decline', cancelText: 'Go back' }]);
      expect(view.calls.some((call) => call.method === 'POST')).toBe(false);
      view.feedback.confirmAnswer = true;
      await userEvent.click(screen.getByRole('button', { name: 'Decline: Robot Kit' }));
      await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'You declined Robot Kit. The gems are back.', icon: 'success' }]));
      expect(view.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/family/redemptions/r1/decline']);
    });
  });

  describe('settings', () => {
    it('when the parent switches Approve gifts off and sets a limit, then both are saved with one PATCH', async () => {
      const view = renderFamily(base, {
        gateway: gateway((req) => (req.method === 'PATCH' ? { status: 200, body: { ...lina, approveGifts: false, monthlyGemCap: 30 } } : undefined)),
      });
      const settings = await region('Settings');
      const approve = within(settings).getByRole('switch', { name: 'Approve gifts' });
      expect(approve).toBeChecked();
      expect(approve).toHaveAccessibleDescription("Lina's gift requests wait for you to confirm the address.");
      const cap = within(settings).getByLabelText('Monthly gem limit');
      expect(cap).toHaveValue(null);
      await userEvent.click(approve);
      await userEvent.type(cap, '30');
      await userEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
      await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'Settings saved.', icon: 'success' }]));
      expect(view.calls.find((call) => call.method === 'PATCH')).toMatchObject({ url: base, body: { approveGifts: false, monthlyGemCap: 30 } });
      expect(approve).not.toBeChecked();
    });

    it('when the limit is cleared, then it is saved as no limit (null)', async () => {
      const view = renderFamily('/family/children/link-omar-0002', { gateway: gateway((req) => (req.method === 'PATCH' ? { status: 200, body: { ...omar, monthlyGemCap: null } } : undefined)) });
      const cap = within(await region('Settings')).getByLabelText('Monthly gem limit');
      expect(cap).toHaveValue(20);
      await userEvent.clear(cap);
      await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
      await waitFor(() => expect(view.calls.find((call) => call.method === 'PATCH')).toMatchObject({ body: { approveGifts: false, monthlyGemCap: null } }));
    });

    it('when the limit is not a whole number, then the field says so and nothing is saved; a server refusal shows its message', async () => {
      const view = renderFamily(base, { gateway: gateway((req) => (req.method === 'PATCH' ? { status: 400, body: { error: 'monthlyGemCap: too big', message: 'monthlyGemCap: too big', code: 'bad_request' } } : undefined)) });
      const settings = await region('Settings');
      const cap = within(settings).getByLabelText('Monthly gem limit');
      await userEvent.type(cap, '2.5');
      await userEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
      expect(cap).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number of gems, or leave it empty.'));
      expect(view.calls.some((call) => call.method === 'PATCH')).toBe(false);
      await userEvent.clear(cap);
      await userEvent.type(cap, '999999');
      await userEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
      expect(await within(settings).findByRole('alert')).toHaveTextContent('monthlyGemCap: too big');
    });
  });

  describe('control of the child’s data', () => {
    it('when the parent downloads the data, then the export is saved as a JSON file', async () => {
      const created: Blob[] = [];
      const saved: string[] = [];
      Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:export'), revokeObjectURL: () => undefined });
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      const view = renderFamily(base, { gateway: gateway((req) => (req.url === `${base}/export` ? { status: 200, body: { profile: { name: 'Lina' } } } : undefined)) });
      await userEvent.click(await screen.findByRole('button', { name: 'Download data' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toMatch(/^kidslearn-lina-\d{4}-\d{2}-\d{2}\.json$/);
      expect(created[0]!.type).toBe('application/json');
      // jsdom's Blob has no text(): read it as the browser's file reader would.
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(created[0]!);
      });
      expect(JSON.parse(text)).toEqual({ profile: { name: 'Lina' } });
      expect(view.calls.find((call) => call.url === `${base}/export`)).toMatchObject({ method: 'GET' });
      click.mockRestore();
    });

    it('when the parent withdraws consent, then it asks first, unlinks the child and goes back to the list without them', async () => {
      const view = renderFamily(base, { gateway: gateway((req) => (req.method === 'DELETE' ? { status: 204, body: null } : undefined)) });
      await userEvent.click(await screen.findByRole('button', { name: 'Withdraw consent' }));
      expect(view.feedback.confirms[0]).toMatchObject({ title: 'Withdraw your consent?', text: 'Lina will no longer be linked to you: you will not see their learning or approve their gifts.' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat!' })).toBeInTheDocument();
      expect(view.calls.find((call) => call.method === 'DELETE')).toMatchObject({ url: `${base}/consent` });
      const list = await screen.findByRole('list');
      expect(within(list).getAllByRole('heading', { level: 3 }).map((name) => name.textContent)).toEqual(['Omar']);
      expect(view.feedback.toasts).toEqual([{ text: 'You withdrew your consent for Lina.', icon: 'success' }]);
    });

    it('when the parent deletes the account, then it asks first (nothing happens when cancelled), then deletes it', async () => {
      const view = renderFamily(base, { gateway: gateway((req) => (req.method === 'DELETE' ? { status: 202, body: null } : undefined)) });
      view.feedback.confirmAnswer = false;
      await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
      expect(view.feedback.confirms[0]).toMatchObject({ title: "Delete Lina's account?", text: "Lina's account and all their data will be deleted. This cannot be undone." });
      expect(view.calls.some((call) => call.method === 'DELETE')).toBe(false);
      view.feedback.confirmAnswer = true;
      await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat!' })).toBeInTheDocument();
      expect(view.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([base]);
      expect(view.feedback.toasts).toEqual([{ text: "Lina's account is being deleted.", icon: 'success' }]);
    });

    it('when deleting fails, then the parent is told and stays on the page', async () => {
      const view = renderFamily(base, { gateway: gateway((req) => (req.method === 'DELETE' ? { status: 500 } : undefined)) });
      await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
      await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'That did not work. Please try again.', text: '', icon: 'error' }]));
      expect(screen.getByRole('heading', { level: 1, name: 'Lina' })).toBeInTheDocument();
    });
  });
});
