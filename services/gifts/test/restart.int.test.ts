import { createLearner } from '@kidslearn/lib-testkit';
import { address, call, creditGems, deleteQueues, isolateBroker, releaseBroker, eventually, startGems, startGifts, uniqueDbUrl, type RunningGifts } from './harness';

// A gifts instance dies after writing a redemption but before publishing its event: the event
// sits in the redemption's outbox, and the next instance publishes it; nothing is lost.
let gems: Awaited<ReturnType<typeof startGems>>;
let second: RunningGifts | undefined;
const mongoUrl = uniqueDbUrl('gifts');
const names: string[] = [];

beforeAll(async () => {
  await isolateBroker();
  gems = await startGems();
}, 60_000);

afterAll(async () => {
  await second?.db.dropDatabase();
  await second?.stop();
  await gems?.stop();
  await Promise.all([...names, gems?.serviceName].filter(Boolean).map((n) => deleteQueues(n!)));
  await releaseBroker();
});

it('when the service is stopped between its write and its publish, then a new instance publishes the event and the redemption is settled', async () => {
  const learner = await createLearner();
  await creditGems(learner.email, 10);
  const balance = () => call(gems.url, 'GET', `/gems/${encodeURIComponent(learner.email)}`, learner.token).then((r) => r.body.gems as number);
  expect(await eventually(balance, (b) => b === 10)).toBe(10);

  const first = await startGifts({ mongoUrl, waitMs: 1000 });
  names.push(first.serviceName);
  // The broker link is gone: the write succeeds, the publish cannot happen.
  await Promise.all(first.services.map((service) => service.connections.bus.close()));
  const res = await call(first.url, 'POST', '/redemptions', learner.token, { giftId: 'stickers', address });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ status: 'processing', redemption: { status: 'requested' } });
  const id = res.body.redemption._id as string;
  const stored = await first.db.collection('redemptions').findOne({});
  expect(stored?.outbox).toHaveLength(1);
  await first.stop().catch(() => undefined);

  second = await startGifts({ mongoUrl });
  names.push(second.serviceName);
  const mine = () => call(second!.url, 'GET', '/redemptions/mine', learner.token).then((r) => r.body as { _id: string; status: string }[]);
  const settled = await eventually(mine, (rs) => rs[0]?.status === 'pending-delivery', 30_000);
  expect(settled).toEqual([expect.objectContaining({ _id: id, status: 'pending-delivery' })]);
  expect(await balance()).toBe(5);
  const after = await second.db.collection('redemptions').findOne({});
  expect(after?.outbox).toEqual([]);
}, 120_000);
