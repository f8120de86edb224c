// Retention of delivery addresses (README "Erase, export, retention") with a controlled clock: the pass is
// run "as of" a chosen day against the real database; the parcels are real (gems debits them).
import { Types } from 'mongoose';
import { createLearner, signIn, type TokenSource } from '@kidslearn/lib-testkit';
import { createParent, linkFamily } from './family';
import { address, call, creditGems, deleteQueues, eventually, isolateBroker, releaseBroker, startGems, startGifts, uniqueDbUrl, type RunningGifts } from './harness';

const DAY = 24 * 60 * 60 * 1000;
let gifts: RunningGifts;
let gems: Awaited<ReturnType<typeof startGems>>;
let admin: TokenSource;

beforeAll(async () => {
  await isolateBroker();
  gems = await startGems();
  gifts = await startGifts({ mongoUrl: uniqueDbUrl('gifts-retention') });
  admin = await signIn('admin@kidslearn.test', 'Admin1234');
}, 120_000);

afterAll(async () => {
  await gifts?.db.dropDatabase();
  await gifts?.stop();
  await gems?.stop();
  await Promise.all([gifts && deleteQueues(gifts.serviceName), gems && deleteQueues(gems.serviceName)]);
  await releaseBroker();
});

const retention = (now: Date) => gifts.services[0]!.retention(now);
const stored = (id: string) => gifts.db.collection('redemptions').findOne({ _id: new Types.ObjectId(id) });

describe('delivery address retention (controlled clock)', () => {
  it('when a delivered or refused parcel is older than 30 days, then its address goes (once); a pending parcel and a recent one keep theirs', async () => {
    const learner = await createLearner();
    await creditGems(learner.email, 10);
    await eventually(async () => (await call(gems.url, 'GET', `/gems/${encodeURIComponent(learner.email)}`, learner.token)).body.gems, (balance) => balance === 10);

    const delivered = (await call(gifts.url, 'POST', '/redemptions', learner.token, { giftId: 'stickers', address })).body.redemption._id as string;
    const pending = (await call(gifts.url, 'POST', '/redemptions', learner.token, { giftId: 'stickers', address })).body.redemption._id as string;
    const refused = await call(gifts.url, 'POST', '/redemptions', learner.token, { giftId: 'stickers', address });
    expect(refused.status).toBe(400);
    const rejected = refused.body.redemption._id as string;
    expect((await call(gifts.url, 'PATCH', `/redemptions/${delivered}/delivery`, admin.token, { deliveryStatus: true })).status).toBe(200);

    const now = Date.now();
    expect(await retention(new Date(now + 29 * DAY))).toBe(0);
    for (const id of [delivered, pending, rejected]) expect((await stored(id))?.address).toMatchObject({ address1: address.address1 });

    expect(await retention(new Date(now + 31 * DAY))).toBe(2);
    expect(await retention(new Date(now + 32 * DAY))).toBe(0);
    const [d, p, r] = await Promise.all([stored(delivered), stored(pending), stored(rejected)]);
    expect(d).not.toHaveProperty('address');
    expect(d).toMatchObject({ status: 'delivered', giftId: 'stickers', email: learner.email, addressRemovedAt: expect.any(Date) });
    expect(r).not.toHaveProperty('address');
    expect(p?.address).toMatchObject({ address1: address.address1 });

    // The learner still sees their gifts; the admin's pending list still has the parcel to send, with its address.
    const mine = (await call(gifts.url, 'GET', '/redemptions/mine', learner.token)).body as { _id: string; address?: unknown; status: string }[];
    expect(mine.find((row) => row._id === delivered)).toMatchObject({ status: 'delivered' });
    expect(mine.find((row) => row._id === delivered)).not.toHaveProperty('address');
    const list = (await call(gifts.url, 'GET', '/redemptions', admin.token)).body as { _id: string; address: unknown }[];
    expect(list.find((row) => row._id === pending)?.address).toMatchObject(address);
  });

  it('when a parent declined a request more than 30 days ago, then its address goes; one declined recently keeps it', async () => {
    const [child, parent] = await Promise.all([createLearner(), createParent()]);
    await creditGems(child.email, 10);
    await eventually(async () => (await call(gems.url, 'GET', `/gems/${encodeURIComponent(child.email)}`, child.token)).body.gems, (balance) => balance === 10);
    await linkFamily(gifts, child.email, parent.email, { approveGifts: true });
    const res = await call(gifts.url, 'POST', '/redemptions', child.token, { giftId: 'stickers', address });
    expect(res).toMatchObject({ status: 201, body: { redemption: { status: 'awaiting-parent' } } });
    const id = res.body.redemption._id as string;
    expect((await call(gifts.url, 'POST', `/family/redemptions/${id}/decline`, parent.token)).status).toBe(200);

    const now = Date.now();
    await retention(new Date(now + 29 * DAY));
    expect((await stored(id))?.address).toMatchObject({ address1: address.address1 });
    await retention(new Date(now + 31 * DAY));
    const declined = await stored(id);
    expect(declined).toMatchObject({ status: 'declined', addressRemovedAt: expect.any(Date) });
    expect(declined).not.toHaveProperty('address');
  });
});
