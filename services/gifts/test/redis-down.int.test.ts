import { createLearner } from '@kidslearn/lib-testkit';
import { address, call, creditGems, deleteQueues, isolateBroker, releaseBroker, eventually, startGems, startGifts, uniqueDbUrl, type RunningGifts } from './harness';

// Redis made unreachable for this gifts instance only (its REDIS_URL points at a closed port; the shared
// Redis keeps serving everyone else): a committed redemption answers 201/202, never 500, and settles.
let gems: Awaited<ReturnType<typeof startGems>>;
let gifts: RunningGifts;

beforeAll(async () => {
  await isolateBroker();
  gems = await startGems();
  gifts = await startGifts({ mongoUrl: uniqueDbUrl('gifts'), waitMs: 3000, redisUrl: 'redis://127.0.0.1:1' });
}, 60_000);

afterAll(async () => {
  await gifts?.db.dropDatabase();
  await gifts?.stop();
  await gems?.stop();
  await Promise.all([gifts?.serviceName, gems?.serviceName].filter(Boolean).map((n) => deleteQueues(n!)));
  await releaseBroker();
});

it('when Redis is unreachable and a learner redeems, then 201 or 202 (never 500) and the redemption settles', async () => {
  const learner = await createLearner();
  await creditGems(learner.email, 10);
  const res = await call(gifts.url, 'POST', '/redemptions', learner.token, { giftId: 'stickers', address }, { 'idempotency-key': `k-${Date.now()}` });
  expect([201, 202]).toContain(res.status);
  const mine = () => call(gifts.url, 'GET', '/redemptions/mine', learner.token).then((r) => r.body as { status: string }[]);
  expect((await eventually(mine, (rs) => rs[0]?.status === 'pending-delivery', 30_000))[0]?.status).toBe('pending-delivery');
}, 90_000);
