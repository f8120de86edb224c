import { createLearner } from '@kidslearn/lib-testkit';
import { address, call, deleteQueues, isolateBroker, releaseBroker, startGifts, uniqueDbUrl, type RunningGifts } from './harness';

let gifts: RunningGifts;

beforeAll(async () => {
  await isolateBroker();
  process.env.REDEMPTIONS_PER_MINUTE = '2';
  try {
    gifts = await startGifts({ mongoUrl: uniqueDbUrl('gifts'), waitMs: 200 });
  } finally {
    delete process.env.REDEMPTIONS_PER_MINUTE;
  }
}, 60_000);

afterAll(async () => {
  await gifts?.db.dropDatabase();
  await gifts?.stop();
  if (gifts) await deleteQueues(gifts.serviceName);
  await releaseBroker();
});

it('when one learner redeems more often than the per-learner limit, then 429 and no redemption is written for it; another learner is not affected', async () => {
  const [a, b] = await Promise.all([createLearner(), createLearner()]);
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) statuses.push((await call(gifts.url, 'POST', '/redemptions', a.token, { giftId: 'stickers', address })).status);
  expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
  expect(statuses[2]).toBe(429);
  expect(await gifts.db.collection('redemptions').countDocuments({ email: a.email })).toBe(2);
  expect((await call(gifts.url, 'POST', '/redemptions', b.token, { giftId: 'stickers', address })).status).not.toBe(429);
}, 60_000);
