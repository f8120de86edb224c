// Families (issue 24): the monthly gem cap a parent sets and PARENT_CONSENT=required, both kept by gifts before
// anything is written. Real gifts (one with consent optional, the default, one with it required) and real gems.
import { randomUUID } from 'node:crypto';
import { createEvent } from '@kidslearn/lib-events';
import { createLearner } from '@kidslearn/lib-testkit';
import { messages } from '../src/messages';
import { createParent, linkFamily, type LinkSettings } from './family';
import { address, call, creditGems, deleteQueues, eventually, isolateBroker, publishEvent, releaseBroker, startGems, startGifts, uniqueDbUrl, type RunningGifts } from './harness';

type Learner = { email: string; token: string };

let gifts: RunningGifts;
let strict: RunningGifts;
let gems: Awaited<ReturnType<typeof startGems>>;

beforeAll(async () => {
  await isolateBroker();
  gems = await startGems();
  gifts = await startGifts({ mongoUrl: uniqueDbUrl('gifts-limits') });
  strict = await startGifts({ mongoUrl: uniqueDbUrl('gifts-consent'), env: { PARENT_CONSENT: 'required' } });
}, 120_000);

afterAll(async () => {
  for (const g of [gifts, strict]) {
    await g?.db.dropDatabase();
    await g?.stop();
  }
  await gems?.stop();
  await Promise.all([gifts && deleteQueues(gifts.serviceName), strict && deleteQueues(strict.serviceName), gems && deleteQueues(gems.serviceName)]);
  await releaseBroker();
});

const balanceOf = async (l: Learner) => (await call(gems.url, 'GET', `/gems/${encodeURIComponent(l.email)}`, l.token)).body.gems as number;
const mine = async (l: Learner, g = gifts) => (await call(g.url, 'GET', '/redemptions/mine', l.token)).body as { _id: string; status: string }[];
const redeem = (l: Learner, g = gifts, giftId = 'stickers') => call(g.url, 'POST', '/redemptions', l.token, { giftId, address });

async function learnerWith(amount: number): Promise<Learner> {
  const learner = await createLearner();
  if (amount > 0) {
    await creditGems(learner.email, amount);
    expect(await eventually(() => balanceOf(learner), (b) => b === amount)).toBe(amount);
  }
  return learner;
}

async function linked(child: Learner, settings: LinkSettings, g = gifts) {
  const parent = await createParent();
  const linkId = await linkFamily(g, child.email, parent.email, settings);
  return { parent, linkId };
}

const overCap = { status: 409, body: { code: 'monthly_cap', message: messages.monthlyCap } };

describe('monthly gem cap', () => {
  it('when requests reach the cap, then the next one is refused 409 monthly_cap and nothing is written or spent', async () => {
    const child = await learnerWith(30);
    await linked(child, { approveGifts: false, monthlyGemCap: 10 });
    expect((await redeem(child)).status).toBe(201);
    expect((await redeem(child)).status).toBe(201);
    expect(await redeem(child)).toMatchObject(overCap);
    expect(await mine(child)).toHaveLength(2);
    expect(await balanceOf(child)).toBe(20);
  });

  it('when a request is declined by the parent, then its cost no longer counts and the child may redeem again', async () => {
    const child = await learnerWith(30);
    const { parent } = await linked(child, { approveGifts: true, monthlyGemCap: 10 });
    const first = await redeem(child);
    expect(first).toMatchObject({ status: 201, body: { redemption: { status: 'awaiting-parent' } } });
    expect((await redeem(child)).status).toBe(201);
    expect(await redeem(child)).toMatchObject(overCap);

    const declined = await call(gifts.url, 'POST', `/family/redemptions/${first.body.redemption._id}/decline`, parent.token);
    expect(declined).toMatchObject({ status: 200, body: { status: 'declined' } });
    expect((await redeem(child)).status).toBe(201);
    expect(await redeem(child)).toMatchObject(overCap);
    expect((await mine(child)).map((r) => r.status).sort()).toEqual(['awaiting-parent', 'awaiting-parent', 'declined']);
  });

  it('when gems rejected a request (too few gems), then its cost does not count towards the cap', async () => {
    const child = await learnerWith(4);
    await linked(child, { approveGifts: false, monthlyGemCap: 5 });
    expect(await redeem(child)).toMatchObject({ status: 400, body: { code: 'not_enough_gems' } });
    await creditGems(child.email, 6);
    expect(await eventually(() => balanceOf(child), (b) => b === 10)).toBe(10);
    expect(await redeem(child)).toMatchObject({ status: 201, body: { redemption: { status: 'pending-delivery' } } });
    expect(await redeem(child)).toMatchObject(overCap);
  });

  it('when the cap is set after requests this month, then those requests count; with the cap removed, nothing is refused', async () => {
    const child = await learnerWith(30);
    expect((await redeem(child)).status).toBe(201); // no parent yet
    const parent = await createParent();
    const linkId = await linkFamily(gifts, child.email, parent.email, { approveGifts: false, monthlyGemCap: 9 });
    expect(await redeem(child)).toMatchObject(overCap);
    await linkFamily(gifts, child.email, parent.email, { approveGifts: false, monthlyGemCap: null }, { linkId, version: 2 });
    expect((await redeem(child)).status).toBe(201);
  });

  it('when a gift costs more than the whole cap, then it is refused at once', async () => {
    const child = await learnerWith(10);
    await linked(child, { approveGifts: false, monthlyGemCap: 0 });
    expect(await redeem(child)).toMatchObject(overCap);
    expect(await mine(child)).toEqual([]);
  });

  it('when many requests race against the cap, then exactly as many as fit are written (the cap holds across instances)', async () => {
    const child = await learnerWith(40);
    await linked(child, { approveGifts: false, monthlyGemCap: 10 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => redeem(child)));
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'monthly_cap')).toBe(true);
    expect(answers.filter((a) => a.status === 201 || a.status === 202)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(6);
    expect(await eventually(() => mine(child), (rs) => rs.length === 2 && rs.every((r) => r.status === 'pending-delivery'))).toHaveLength(2);
    expect(await eventually(() => balanceOf(child), (b) => b === 30)).toBe(30);
  });

  it('when a request already written is retried with its Idempotency-Key at the cap, then it is answered, not refused', async () => {
    const child = await learnerWith(10);
    await linked(child, { approveGifts: false, monthlyGemCap: 5 });
    const key = { 'Idempotency-Key': `cap-${Date.now()}` };
    const first = await call(gifts.url, 'POST', '/redemptions', child.token, { giftId: 'stickers', address }, key);
    const again = await call(gifts.url, 'POST', '/redemptions', child.token, { giftId: 'stickers', address }, key);
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: { redemption: { _id: first.body.redemption._id } } });
  });
});

describe('parent consent', () => {
  const consentRefused = { status: 403, body: { code: 'parent_consent_required', message: messages.parentConsentRequired } };

  it('when consent is required and no parent consented, then 403 parent_consent_required and nothing is written or spent', async () => {
    const child = await learnerWith(10);
    expect(await redeem(child, strict)).toMatchObject(consentRefused);
    expect(await mine(child, strict)).toEqual([]);
    expect(await balanceOf(child)).toBe(10);
  });

  it('when consent is required and a parent consented, then the child redeems', async () => {
    const child = await learnerWith(10);
    await linked(child, { approveGifts: false }, strict);
    expect(await redeem(child, strict)).toMatchObject({ status: 201, body: { redemption: { status: 'pending-delivery' } } });
  });

  it('when consent is optional (the default), then a child without a parent redeems as before', async () => {
    const child = await learnerWith(10);
    expect(await redeem(child)).toMatchObject({ status: 201, body: { redemption: { status: 'pending-delivery' } } });
  });
});

describe('erasure', () => {
  it("when a linked learner is erased (learner.erased), then gifts forgets their link and their monthly counters with their requests", async () => {
    const child = await learnerWith(10);
    await linked(child, { approveGifts: true, monthlyGemCap: 20 });
    expect((await redeem(child)).status).toBe(201);
    const held = () => Promise.all(['family_links', 'monthlySpend', 'redemptions'].map((name) => gifts.db.collection(name).countDocuments({ $or: [{ email: child.email }, { childEmail: child.email }] })));
    expect(await held()).toEqual([1, 1, 1]);

    await publishEvent(createEvent('learner.erased', { email: child.email, erasureId: randomUUID() }));
    expect(await eventually(held, (counts) => counts.every((n) => n === 0))).toEqual([0, 0, 0]);
  });
});
