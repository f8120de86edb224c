import { randomUUID } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import { createEvent } from '@kidslearn/lib-events';
import { LogCapture } from '@kidslearn/lib-testkit';
import { address, creditGems, deleteQueues, eventually, isolateBroker, publishEvent, releaseBroker, startGems, startGifts, tapEvents, uniqueDbUrl, type RunningGifts } from './harness';

jest.setTimeout(90_000);

// A redemption whose gems outcome was lost stays "requested". The gifts reconciler re-drives it after
// RECONCILE_AFTER_MS: gems recognises the redemption, answers with the outcome it recorded (debits
// nothing again), and the redemption settles.
let gifts: RunningGifts;
let gems: Awaited<ReturnType<typeof startGems>>;
let gemsDb: mongoose.Connection;
let tap: Awaited<ReturnType<typeof tapEvents>>;
const log = new LogCapture();
const saved = { ...process.env };

beforeAll(async () => {
  await isolateBroker();
  gems = await startGems();
  gemsDb = await mongoose.createConnection(gems.mongoUrl).asPromise();
  Object.assign(process.env, { RECONCILE_INTERVAL_MS: '200', RECONCILE_AFTER_MS: '1000', RECONCILE_MAX_REDRIVES: '3' });
  gifts = await startGifts({ mongoUrl: uniqueDbUrl('gifts-reconcile'), log });
  tap = await tapEvents('gems.debited');
}, 120_000);
afterAll(async () => {
  process.env = saved;
  await tap?.close();
  await gifts?.db.dropDatabase();
  await gifts?.stop();
  await gemsDb?.close();
  await gems?.stop(); // drops its database
  await Promise.all([gifts && deleteQueues(gifts.serviceName), gems && deleteQueues(gems.serviceName)]);
  await releaseBroker();
});

it('when gems debited a redemption but its gems.debited was lost, then the reconciler re-drives it and it settles, debited once', async () => {
  const email = `reconcile-${randomUUID().slice(0, 8)}@kidslearn.test`;
  const redemptions = gifts.db.collection('redemptions');
  const balances = () => gemsDb.collection('balances').findOne({ _id: email as never });
  await creditGems(email, 4);
  await eventually(balances, (b) => b?.gems === 4);

  // gems debits while gifts does not hold the redemption yet: the outcome reaches nobody.
  const _id = new Types.ObjectId();
  await publishEvent(createEvent('redemption.requested', { redemptionId: _id.toString(), email, cost: 3 }));
  expect((await eventually(balances, (b) => b?.gems === 1 && b.outbox.length === 0))?.gems).toBe(1);
  // gifts handled that gems.debited (its log says so) before it holds the redemption: only a re-drive settles it.
  const debited = await eventually(async () => tap.events.find((event) => (event.data as { redemptionId: string }).redemptionId === _id.toString()), Boolean);
  expect(debited).toBeDefined();
  await log.handled(debited!.id, { name: gifts.serviceName });
  await redemptions.insertOne({
    _id,
    email,
    giftId: 'crayons',
    giftName: 'Crayons',
    giftImg: '/assets/gifts/crayons.svg',
    cost: 3,
    address,
    status: 'requested',
    deliveryStatus: false,
    idempotencyKey: `auto:${_id.toString()}`,
    createdAt: new Date(Date.now() - 60_000),
    outbox: [],
    processedEventIds: [],
  });

  const settled = await eventually(() => redemptions.findOne({ _id }), (r) => r?.status !== 'requested', 20_000);
  expect(settled).toMatchObject({ status: 'pending-delivery', balance: 1, redrives: 1 });
  expect((await balances())?.gems).toBe(1);
  expect(await gemsDb.collection('ledger').countDocuments({ ref: _id.toString() })).toBe(1);
});
