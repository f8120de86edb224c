import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeHandler, FakeReply, FakeRequest } from '@kidslearn/kit/testing';
import { renderRewards } from '../../test/render-rewards';

const gifts = [
  { id: 'stickers', name: 'Sticker Pack', img: 'http://img/stickers.svg', cost: 5 },
  { id: 'robot', name: 'Robot Kit', img: 'http://img/robot.svg', cost: 40 },
  { id: 'mystery', name: 'Mystery Box', img: 'http://img/box.svg' },
];
const redemption = { _id: 'r1', giftId: 'stickers', giftName: 'Sticker Pack', giftImg: 'http://img/stickers.svg', cost: 5, createdAt: '2026-11-20T10:00:00.000Z', status: 'pending-delivery' };

function gateway(redeem: (req: FakeRequest) => FakeReply | Promise<FakeReply> = () => ({ status: 201, body: { redemption, gems: 5 } }), parent?: FakeReply): FakeHandler {
  return (req) => {
    if (req.url === '/family/parent' && parent) return parent;
    if (req.url === '/Gift.json') return { status: 200, body: gifts };
    if (req.url === '/redemptions' && req.method === 'POST') return redeem(req);
    if (req.url === '/redemptions/mine') return { status: 200, body: [redemption] };
    if (req.url.endsWith('/ledger'))
      return { status: 200, body: { entries: [{ ref: 'a1', kind: 'credit', amount: 2, balance: 10, lessonId: 'l1', at: '2026-11-19T10:00:00.000Z' }, { ref: 'r1', kind: 'debit', amount: -5, balance: 5, at: '2026-11-20T10:00:00.000Z' }] } };
    if (req.url === '/lessons') return { status: 200, body: [{ _id: 'l1', lessonHeading: 'Adding tens' }] };
    return { status: 404 };
  };
}

const address = { Name: 'Lina', Phone: '0123 456', 'Address line 1': '1 Main Street', City: 'Townsville', 'Postal code': '12345' };

async function fillAddress() {
  await screen.findByRole('dialog'); // the form is loaded on the first Redeem click
  for (const [label, value] of Object.entries(address)) await userEvent.type(screen.getByLabelText(label), value);
}

const balance = (view: { store: { getState(): { gateway: { queries: Record<string, { data?: unknown } | undefined> } } } }) =>
  (view.store.getState().gateway.queries['getGems("learner@kidslearn.test")']?.data as { gems: number } | undefined)?.gems;

describe('/gift (SPEC §2, §4, §5)', () => {
  it('when gifts load, then each card shows its cost or Set price, and Redeem is disabled with the reason as a tooltip reachable by keyboard', async () => {
    renderRewards('/gift', { gateway: gateway(), gems: 10 });
    const card = (name: string) => screen.getByRole('heading', { name }).closest('.rwd-card') as HTMLElement;
    await screen.findByRole('heading', { name: 'Sticker Pack' });
    expect(within(card('Sticker Pack')).getByText('5 gems')).toBeInTheDocument();
    expect(within(card('Mystery Box')).getByText('Set price')).toBeInTheDocument();
    expect(within(card('Sticker Pack')).getByRole('button', { name: 'Redeem Sticker Pack' })).toBeEnabled();
    const robot = within(card('Robot Kit')).getByRole('button', { name: 'Redeem Robot Kit' });
    expect(robot).toHaveAttribute('aria-disabled', 'true');
    expect(robot).toHaveAccessibleDescription('Not enough gems');
    expect(within(card('Mystery Box')).getByRole('button', { name: 'Redeem Mystery Box' })).toHaveAccessibleDescription('Price not set');
    // Pressing it opens no form.
    await userEvent.click(robot);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The tip opens on keyboard focus even though the button is disabled.
    await userEvent.tab();
    while (!card('Robot Kit').contains(document.activeElement)) await userEvent.tab();
    // The visible tip (screen readers already have it as the button's description).
    await waitFor(() => expect(document.querySelector('.kl-tooltip')).toHaveTextContent('Not enough gems'));
  });

  it('when the balance is still loading, then priced gifts wait (busy, no "Not enough gems") and say why only once it is known', async () => {
    let answerBalance: (reply: FakeReply) => void = () => undefined;
    const balanceReply = new Promise<FakeReply>((resolve) => (answerBalance = resolve));
    const shop = gateway();
    renderRewards('/gift', { gateway: (req) => (req.url.startsWith('/gems/') && !req.url.endsWith('/ledger') ? balanceReply : shop(req)) });
    const robot = await screen.findByRole('button', { name: 'Redeem Robot Kit' });
    expect(robot).toBeDisabled();
    expect(robot).toHaveAttribute('aria-busy', 'true');
    expect(robot).not.toHaveAccessibleDescription('Not enough gems');
    expect(screen.getByRole('button', { name: 'Redeem Sticker Pack' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Not enough gems')).not.toBeInTheDocument();
    // A gift without a price says so at once: that does not depend on the balance.
    expect(screen.getByRole('button', { name: 'Redeem Mystery Box' })).toHaveAccessibleDescription('Price not set');

    answerBalance({ status: 200, body: { email: 'learner@kidslearn.test', gems: 10 } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Redeem Robot Kit' })).toHaveAccessibleDescription('Not enough gems'));
    expect(screen.getByRole('button', { name: 'Redeem Sticker Pack' })).toBeEnabled();
  });

  it('when the catalogue cannot be loaded, then it says so', async () => {
    renderRewards('/gift', { gateway: (req) => (req.url === '/Gift.json' ? { status: 500 } : { status: 404 }) });
    expect(await screen.findByText('Failed to load gifts. Please refresh.')).toBeInTheDocument();
  });

  it('when a required field is missing, then the form says so, ties the error to the field and sends nothing', async () => {
    const view = renderRewards('/gift', { gateway: gateway(), gems: 10 });
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Sticker Pack' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm and spend 5 gems' }));
    expect(await screen.findByText('Please fill all required fields.')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Required');
    expect(view.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('when redeemed, then the balance drops at once, takes the server total, the success message shows and one call carries an Idempotency-Key', async () => {
    let release: () => void = () => undefined;
    const view = renderRewards('/gift', {
      gems: 10,
      gateway: gateway(() => new Promise((resolve) => (release = () => resolve({ status: 201, body: { redemption, gems: 5 } })))),
    });
    await waitFor(() => expect(balance(view)).toBe(10));
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Sticker Pack' }));
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and spend 5 gems' }));
    await waitFor(() => expect(balance(view)).toBe(5));
    release();
    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Redeemed! We’ll ship your gift soon.', icon: 'success', timer: 2000 }]));
    const posts = view.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ giftId: 'stickers', address: { ...Object.fromEntries([]), name: 'Lina', phone: '0123 456', address1: '1 Main Street', address2: '', city: 'Townsville', postalCode: '12345', notes: '' } });
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when the server refuses, then the balance is restored, its error shows, the form keeps what was typed and a retry sends the same key', async () => {
    let reply: FakeReply = { status: 400, body: { error: 'Not enough gems to redeem this gift.', message: 'x' } };
    const view = renderRewards('/gift', { gems: 10, gateway: gateway(() => reply) });
    await waitFor(() => expect(balance(view)).toBe(10));
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Sticker Pack' }));
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and spend 5 gems' }));
    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Oops...', text: 'Not enough gems to redeem this gift.', icon: 'error' }]));
    expect(balance(view)).toBe(10);
    expect(screen.getByLabelText('City')).toHaveValue('Townsville');
    reply = { status: 201, body: { redemption, gems: 5 } };
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm and spend 5 gems' }));
    await waitFor(() => expect(view.feedback.alerts).toHaveLength(2));
    const keys = view.calls.filter((call) => call.method === 'POST').map((call) => call.headers['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
  });

  it('when the server answers 202 (still settling), then it is shown as processing, never as success or failure', async () => {
    const view = renderRewards('/gift', { gems: 10, gateway: gateway(() => ({ status: 202, body: { status: 'processing', redemption: { ...redemption, status: 'requested' } } })) });
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem Sticker Pack' }));
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and spend 5 gems' }));
    await waitFor(() => expect(view.feedback.alerts).toHaveLength(1));
    expect(view.feedback.alerts[0]).toMatchObject({ title: 'Almost there!', icon: 'info' });
  });

  it('when the learner has history, then My gifts and My gems list it, newest first', async () => {
    renderRewards('/gift', { gateway: gateway(), gems: 5 });
    const gifts = await screen.findByRole('region', { name: 'My gifts' });
    expect(await within(gifts).findByText('Sticker Pack')).toBeInTheDocument();
    expect(within(gifts).getByText('Pending')).toBeInTheDocument();
    const gems = screen.getByRole('region', { name: 'My gems' });
    expect(await within(gems).findByText('Spent on Sticker Pack')).toBeInTheDocument();
    expect(await within(gems).findByText('Earned for the quiz "Adding tens"')).toBeInTheDocument();
    const items = within(gems).getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toContain('Spent on Sticker Pack');
  });

  describe('families: a parent’s agreement', () => {
    const me = (consentMode: string, status: string) => ({ status: 200, body: { parentEmail: status === 'none' ? null : 'mum@example.test', status, consentMode } });

    it.each(['none', 'invited'])('when consent is required and the parent’s status is %s, then every priced Redeem button is disabled with "A parent must agree first." for eyes and screen readers', async (status) => {
      renderRewards('/gift', { gateway: gateway(undefined, me('required', status)), gems: 100 });
      const sticker = await screen.findByRole('button', { name: 'Redeem Sticker Pack' });
      await waitFor(() => expect(sticker).toHaveAttribute('aria-disabled', 'true'));
      expect(sticker).toHaveAccessibleDescription('A parent must agree first.');
      expect(screen.getByRole('button', { name: 'Redeem Robot Kit' })).toHaveAccessibleDescription('A parent must agree first.');
      // A gift without a price still says so.
      expect(screen.getByRole('button', { name: 'Redeem Mystery Box' })).toHaveAccessibleDescription('Price not set');
      await userEvent.click(sticker);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      sticker.focus();
      await waitFor(() => expect(document.querySelector('.kl-tooltip')).toHaveTextContent('A parent must agree first.'));
    });

    it.each([
      ['required', 'consented'],
      ['optional', 'none'],
      ['optional', 'invited'],
    ])('when consent is %s and the parent’s status is %s, then Redeem works as before', async (mode, status) => {
      renderRewards('/gift', { gateway: gateway(undefined, me(mode, status)), gems: 10 });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Redeem Sticker Pack' })).toBeEnabled());
      expect(screen.getByRole('button', { name: 'Redeem Sticker Pack' })).not.toHaveAccessibleDescription();
      expect(screen.queryByText('A parent must agree first.')).not.toBeInTheDocument();
    });

    it('while the parent’s status is being read, then priced gifts wait (busy, no reason yet)', async () => {
      const shop = gateway();
      const view = renderRewards('/gift', { gateway: (req) => (req.url === '/family/parent' ? new Promise<FakeReply>(() => undefined) : shop(req)), gems: 10 });
      const sticker = await screen.findByRole('button', { name: 'Redeem Sticker Pack' });
      // The gems are known: only the parent's answer is awaited.
      await waitFor(() => expect(balance(view)).toBe(10));
      expect(sticker).toHaveAttribute('aria-busy', 'true');
      expect(sticker).not.toHaveAccessibleDescription();
      expect(screen.getByRole('button', { name: 'Redeem Mystery Box' })).toHaveAccessibleDescription('Price not set');
    });

    it.each([
      [403, 'parent_consent_required', 'A parent must agree first.'],
      [409, 'monthly_cap', 'You have used this month’s gems for gifts. Ask again next month!'],
    ])('when redeeming is answered %i %s, then its message shows as redeem errors do, the balance comes back and the learner stays signed in', async (status, code, message) => {
      const view = renderRewards('/gift', { gems: 10, gateway: gateway(() => ({ status, body: { error: message, message, code } })) });
      await waitFor(() => expect(balance(view)).toBe(10));
      await userEvent.click(await screen.findByRole('button', { name: 'Redeem Sticker Pack' }));
      await fillAddress();
      await userEvent.click(screen.getByRole('button', { name: 'Confirm and spend 5 gems' }));
      await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Oops...', text: message, icon: 'error' }]));
      expect(balance(view)).toBe(10);
      expect(view.refusals).toHaveLength(0);
    });

    it('when gift requests wait for the parent or were declined, then My gifts says so, and My gems shows the gems that came back', async () => {
      const shop = gateway();
      renderRewards('/gift', {
        gems: 5,
        gateway: (req) => {
          if (req.url === '/redemptions/mine')
            return { status: 200, body: [{ ...redemption, status: 'awaiting-parent' }, { ...redemption, _id: 'r2', giftName: 'Robot Kit', status: 'declined', createdAt: '2026-11-19T10:00:00.000Z' }] };
          if (req.url.endsWith('/ledger')) return { status: 200, body: { entries: [{ ref: 'refund:r2', kind: 'refund', amount: 40, balance: 45, at: '2026-11-21T10:00:00.000Z' }] } };
          return shop(req);
        },
      });
      const gifts = await screen.findByRole('region', { name: 'My gifts' });
      expect(await within(gifts).findByText('Waiting for your parent')).toBeInTheDocument();
      expect(within(gifts).getByText('Your parent said no')).toBeInTheDocument();
      expect(await within(screen.getByRole('region', { name: 'My gems' })).findByText('Gems back for Robot Kit')).toBeInTheDocument();
    });
  });
});
