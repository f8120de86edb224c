// Families (issue 24): a parent approves or declines a child's gift request whose gems gems holds. Real gifts and
// gems, links announced on the broker as content does (family.linked / family.unlinked).
import { createLearner, signIn, type TokenSource } from '@kidslearn/lib-testkit';
import { messages } from '../src/messages';
import { createParent, linkFamily, unlinkFamily, type LinkSettings, type Parent } from './family';
import { address, call, creditGems, deleteQueues, eventually, isolateBroker, releaseBroker, startGems, startGifts, tapEvents, uniqueDbUrl, type RunningGifts } from './harness';

type Learner = { email: string; token: string };

let gifts: RunningGifts;
let gems: Awaited<ReturnType<typeof startGems>>;
let admin: TokenSource;
let declinedTap: Awaited<ReturnType<typeof tapEvents>>;

beforeAll(async () => {
  await isolateBroker();
  gems = await startGems();
  gifts = await startGifts({ mongoUrl: uniqueDbUrl('gifts-family') });
  admin = await signIn('admin@kidslearn.test', 'Admin1234');
  declinedTap = await tapEvents('redemption.declined');
}, 120_000);

afterAll(async () => {
  await declinedTap?.close();
  await gifts?.db.dropDatabase();
  await gifts?.stop();
  await gems?.stop();
  await Promise.all([gifts && deleteQueues(gifts.serviceName), gems && deleteQueues(gems.serviceName)]);
  await releaseBroker();
});

const balanceOf = async (l: Learner) => (await call(gems.url, 'GET', `/gems/${encodeURIComponent(l.email)}`, l.token)).body.gems as number;
const mine = async (l: Learner) => (await call(gifts.url, 'GET', '/redemptions/mine', l.token)).body as { _id: string; status: string; address?: unknown }[];
const redeem = (l: Learner, giftId = 'stickers') => call(gifts.url, 'POST', '/redemptions', l.token, { giftId, address });
const pendingIds = async () => ((await call(gifts.url, 'GET', '/redemptions', admin.token)).body as { _id: string }[]).map((r) => r._id);
const approve = (token: string | undefined, id: string, body: unknown = newAddress) => call(gifts.url, 'POST', `/family/redemptions/${id}/approval`, token, body);
const decline = (token: string | undefined, id: string) => call(gifts.url, 'POST', `/family/redemptions/${id}/decline`, token);
const childList = (token: string | undefined, linkId: string) => call(gifts.url, 'GET', `/family/children/${linkId}/redemptions`, token);
const declinedEventsOf = (id: string) => declinedTap.events.filter((event) => (event.data as { redemptionId: string }).redemptionId === id);
const newAddress = { name: 'Pat Parent', phone: '+1 555 0199', address1: '9 Family Lane', city: 'Hometown', postalCode: '54321' };

/** A child with `amount` gems, linked to a fresh parent. */
async function family(amount: number, settings: LinkSettings = {}): Promise<{ child: Learner; parent: Parent; linkId: string }> {
  const [child, parent] = await Promise.all([createLearner(), createParent()]);
  await creditGems(child.email, amount);
  expect(await eventually(() => balanceOf(child), (b) => b === amount)).toBe(amount);
  const linkId = await linkFamily(gifts, child.email, parent.email, settings);
  return { child, parent, linkId };
}

/** A request of the child's that awaits the parent (gems debited and held). */
async function awaitingRequest(child: Learner): Promise<string> {
  const res = await redeem(child);
  expect(res).toMatchObject({ status: 201, body: { redemption: { status: 'awaiting-parent' } } });
  return res.body.redemption._id as string;
}

describe('a gift request waits for the parent', () => {
  it('when the parent approves gifts, then the request awaits them with the gems held, out of the admin list and undeliverable', async () => {
    const { child, parent, linkId } = await family(10);
    const res = await redeem(child);
    expect(res).toMatchObject({ status: 201, body: { gems: 5, redemption: { status: 'awaiting-parent', email: child.email, address } } });
    const id = res.body.redemption._id as string;
    expect(await balanceOf(child)).toBe(5);
    expect(await mine(child)).toEqual([expect.objectContaining({ _id: id, status: 'awaiting-parent' })]);
    expect(await pendingIds()).not.toContain(id);
    const deliver = await call(gifts.url, 'PATCH', `/redemptions/${id}/delivery`, admin.token, { deliveryStatus: true });
    expect(deliver).toMatchObject({ status: 409, body: { message: messages.awaitingParentCannotDeliver } });

    const list = await childList(parent.token, linkId);
    expect(list).toMatchObject({ status: 200, body: [{ _id: id, status: 'awaiting-parent', address }] });
  });

  it('when the parent has "Approve gifts" off, then the request goes to delivery at once and there is nothing to approve', async () => {
    const { child, parent } = await family(10, { approveGifts: false });
    const res = await redeem(child);
    expect(res).toMatchObject({ status: 201, body: { redemption: { status: 'pending-delivery' } } });
    expect(await pendingIds()).toContain(res.body.redemption._id);
    const approval = await approve(parent.token, res.body.redemption._id);
    expect(approval).toMatchObject({ status: 409, body: { message: messages.notAwaitingParent } });
  });

  it('when the parent switches "Approve gifts" on later, then the next request waits for them (the link as the learner asks)', async () => {
    const { child, parent, linkId } = await family(10, { approveGifts: false });
    expect((await redeem(child)).body.redemption.status).toBe('pending-delivery');
    await linkFamily(gifts, child.email, parent.email, { approveGifts: true }, { linkId, version: 2 });
    expect((await redeem(child)).body.redemption.status).toBe('awaiting-parent');
  });
});

describe("the parent's decision", () => {
  it('when the parent approves with an address, then it is pending delivery with that address and in the admin list; again answers the same', async () => {
    const { child, parent, linkId } = await family(10);
    const id = await awaitingRequest(child);

    const approved = await approve(parent.token, id);
    expect(approved).toMatchObject({ status: 200, body: { _id: id, status: 'pending-delivery', address: newAddress, deliveryStatus: false } });
    const pending = (await call(gifts.url, 'GET', '/redemptions', admin.token)).body as { _id: string; address: unknown }[];
    expect(pending.find((r) => r._id === id)).toMatchObject({ address: newAddress });
    expect(await mine(child)).toEqual([expect.objectContaining({ _id: id, status: 'pending-delivery', address: newAddress })]);

    const again = await approve(parent.token, id, address);
    expect(again).toMatchObject({ status: 200, body: { _id: id, status: 'pending-delivery', address: newAddress } });
    expect(await decline(parent.token, id)).toMatchObject({ status: 409, body: { message: messages.giftAlreadyApproved } });
    expect((await childList(parent.token, linkId)).body).toEqual([expect.objectContaining({ _id: id, status: 'pending-delivery' })]);
    expect(await balanceOf(child)).toBe(5);
    expect(declinedEventsOf(id)).toEqual([]);

    // The admin delivers it; the parent's repeated approval still answers it as it is.
    expect((await call(gifts.url, 'PATCH', `/redemptions/${id}/delivery`, admin.token, { deliveryStatus: true })).status).toBe(200);
    expect(await approve(parent.token, id)).toMatchObject({ status: 200, body: { status: 'delivered' } });
  });

  it('when the parent declines, then it is declined, redemption.declined goes out exactly once and the gems come back once', async () => {
    const { child, parent } = await family(10);
    const id = await awaitingRequest(child);
    expect(await balanceOf(child)).toBe(5);

    const declined = await decline(parent.token, id);
    expect(declined).toMatchObject({ status: 200, body: { _id: id, status: 'declined', deliveryStatus: false } });
    const repeats = await Promise.all([1, 2, 3].map(() => decline(parent.token, id)));
    expect(repeats.map((r) => [r.status, r.body.status])).toEqual([1, 2, 3].map(() => [200, 'declined']));
    expect(await approve(parent.token, id)).toMatchObject({ status: 409, body: { message: messages.giftAlreadyDeclined } });

    const events = await eventually(async () => declinedEventsOf(id), (found) => found.length > 0);
    expect(events.map((event) => event.data)).toEqual([{ redemptionId: id, email: child.email, cost: 5 }]);
    expect(await eventually(() => balanceOf(child), (b) => b === 10)).toBe(10);
    expect(await mine(child)).toEqual([expect.objectContaining({ _id: id, status: 'declined' })]);
    expect(await pendingIds()).not.toContain(id);
    const deliver = await call(gifts.url, 'PATCH', `/redemptions/${id}/delivery`, admin.token, { deliveryStatus: true });
    expect(deliver).toMatchObject({ status: 409, body: { message: messages.declinedCannotDeliver } });

    // Nothing more goes out later: the outbox is empty, the balance stays.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(declinedEventsOf(id)).toHaveLength(1);
    const stored = await gifts.db.collection('redemptions').findOne({ status: 'declined', email: child.email });
    expect(stored).toMatchObject({ outbox: [], parentDecision: 'declined' });
    expect(await balanceOf(child)).toBe(10);
  });

  it('when an approval and a decline race, then exactly one is applied and the other answers 409', async () => {
    const { child, parent } = await family(10);
    const id = await awaitingRequest(child);
    const [approval, refusal] = await Promise.all([approve(parent.token, id), decline(parent.token, id)]);
    expect([approval.status, refusal.status].sort()).toEqual([200, 409]);
    const final = (await mine(child))[0]!.status;
    expect(final).toBe(approval.status === 200 ? 'pending-delivery' : 'declined');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(declinedEventsOf(id)).toHaveLength(final === 'declined' ? 1 : 0);
  });

  it.each([
    ['no body', undefined, messages.fillRequiredFields],
    ['a blank city', { ...newAddress, city: ' ' }, messages.fillRequiredFields],
    ['an operator as name', { ...newAddress, name: { $ne: null } }, messages.fillRequiredFields],
    ['too long notes', { ...newAddress, notes: 'x'.repeat(501) }, messages.fieldTooLong('notes', 500)],
  ])('when the parent approves with %s, then 400 with the field named and nothing changes', async (_case, body, message) => {
    const { child, parent } = await family(5);
    const id = await awaitingRequest(child);
    const res = await call(gifts.url, 'POST', `/family/redemptions/${id}/approval`, parent.token, body);
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(res.body.details?.[0]?.path).toEqual(expect.any(String));
    expect(await mine(child)).toEqual([expect.objectContaining({ _id: id, status: 'awaiting-parent', address })]);
  });

  it('when the parent withdraws consent (family.unlinked), then the waiting request is declined, its gems come back, and the parent no longer reaches it', async () => {
    const { child, parent, linkId } = await family(10);
    const id = await awaitingRequest(child);
    await unlinkFamily(gifts, linkId, child.email, parent.email, 2);
    const rows = await eventually(() => mine(child), (rs) => rs[0]?.status === 'declined');
    expect(rows).toEqual([expect.objectContaining({ _id: id, status: 'declined' })]);
    expect((await eventually(async () => declinedEventsOf(id), (found) => found.length > 0)).map((event) => event.data)).toEqual([{ redemptionId: id, email: child.email, cost: 5 }]);
    expect(await eventually(() => balanceOf(child), (b) => b === 10)).toBe(10);
    expect(await childList(parent.token, linkId)).toMatchObject({ status: 404, body: { message: messages.childNotFound } });
    expect(await decline(parent.token, id)).toMatchObject({ status: 404, body: { message: messages.childNotFound } });
    // Without a parent, the next request goes to delivery.
    expect((await redeem(child)).body.redemption.status).toBe('pending-delivery');
  });
});

describe('authorisation matrix of the parent routes', () => {
  let child: Learner;
  let parent: Parent;
  let linkId: string;
  let otherParent: Parent;
  let learner: Learner;

  beforeAll(async () => {
    ({ child, parent, linkId } = await family(20));
    // Another parent, with a child of their own: a parent, just not this child's.
    const other = await family(0);
    otherParent = other.parent;
    learner = other.child;
  }, 120_000);

  const callers = () => ({ anonymous: undefined, learner: learner.token, admin: admin.token, otherParent: otherParent.token, forged: `${parent.token.slice(0, -4)}abcd` });
  const expected = { anonymous: 401, learner: 403, admin: 403, otherParent: 404, forged: 401 };

  async function check(route: (token: string | undefined) => Promise<{ status: number; body: { message?: string } }>) {
    for (const [who, token] of Object.entries(callers())) {
      const res = await route(token);
      expect({ who, status: res.status }).toEqual({ who, status: expected[who as keyof typeof expected] });
      if (who === 'learner' || who === 'admin') expect(res.body.message).toBe(messages.parentsOnly);
      if (who === 'otherParent') expect(res.body.message).toBe(messages.childNotFound);
    }
    return route(parent.token);
  }

  it('when each caller lists the child\'s requests, then only the parent gets them (200)', async () => {
    const id = await awaitingRequest(child);
    const mineForParent = await check((token) => childList(token, linkId));
    expect(mineForParent.status).toBe(200);
    expect((mineForParent.body as unknown as { _id: string }[]).map((r) => r._id)).toContain(id);
  });

  it('when each caller approves a request, then only the parent does (200), and nobody else changed it', async () => {
    const id = await awaitingRequest(child);
    const res = await check((token) => approve(token, id));
    expect(res).toMatchObject({ status: 200, body: { status: 'pending-delivery', address: newAddress } });
  });

  it('when each caller declines a request, then only the parent does (200), and nobody else changed it', async () => {
    const id = await awaitingRequest(child);
    const res = await check((token) => decline(token, id));
    expect(res).toMatchObject({ status: 200, body: { status: 'declined' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(declinedEventsOf(id)).toHaveLength(1);
  });

  it("when a parent names another parent's child, an unknown link or request, or a malformed id, then each is the same 404", async () => {
    const unknown = [
      childList(parent.token, 'link-does-not-exist'),
      childList(parent.token, 'x'),
      childList(otherParent.token, linkId),
      approve(parent.token, 'f'.repeat(24)),
      approve(parent.token, 'not-an-id'),
      decline(parent.token, encodeURIComponent('{"$gt":""}')),
    ];
    for (const res of await Promise.all(unknown)) expect(res).toMatchObject({ status: 404, body: { message: messages.childNotFound } });
  });

  it('when a parent redeems (a learner route), then 403 and nothing is written', async () => {
    const res = await call(gifts.url, 'POST', '/redemptions', parent.token, { giftId: 'stickers', address });
    expect(res.status).toBe(403);
    expect(await gifts.db.collection('redemptions').countDocuments({ email: parent.email })).toBe(0);
  });
});

it('when the OpenAPI document is fetched, then it lists the parent routes', async () => {
  const res = await call(gifts.url, 'GET', '/openapi.json');
  expect(Object.keys(res.body.paths)).toEqual(
    expect.arrayContaining(['/family/children/{linkId}/redemptions', '/family/redemptions/{redemptionId}/approval', '/family/redemptions/{redemptionId}/decline']),
  );
  expect(res.body.paths['/redemptions/mine'].get.responses['200'].content['application/json'].schema.items.properties.status.enum).toEqual(
    expect.arrayContaining(['awaiting-parent', 'declined']),
  );
});
