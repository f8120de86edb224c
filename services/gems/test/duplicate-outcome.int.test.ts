import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, topologyFor, type EventEnvelope } from '@kidslearn/lib-events';
import { env } from '@kidslearn/lib-testkit';
import { eventually, redemptionEvent, scoredEvent, startServices, type Started } from '../../quiz/test/support/harness';

jest.setTimeout(60_000);

// A re-drive (the quiz or gifts reconciler) re-sends a request gems already processed: gems must
// answer it again with the outcome of the first processing, or the sender can never settle.
const DELAYS = [1000];
let s: Started;
let observer: EventBus;
const observerName = `gems-outcome-observer-${randomUUID().slice(0, 8)}`;
const seen: EventEnvelope[] = [];

beforeAll(async () => {
  s = await startServices({ gems: true });
  observer = await EventBus.connect({ url: env().AMQP_URL, serviceName: observerName, logger: createLogger('observer', 'silent'), retryDelaysMs: DELAYS });
  await observer.subscribe(['gems.credited', 'gems.debited', 'gems.debit.rejected'], async (event) => {
    seen.push(event);
  });
});
afterAll(async () => {
  await observer?.close();
  await s?.stop();
  const conn = await amqp.connect(env().AMQP_URL);
  const ch = await conn.createChannel();
  const t = topologyFor(observerName);
  for (const queue of [t.queue, t.dlq, ...DELAYS.map((d) => t.retryQueue(d))]) await ch.deleteQueue(queue).catch(() => undefined);
  await conn.close();
});

// Delivery is at least once: an event seen twice (same id) is one outcome.
const outcomesFor = (key: 'attemptId' | 'redemptionId', id: string) =>
  seen.filter((e, i) => (e.data as Record<string, unknown>)[key] === id && seen.findIndex((other) => other.id === e.id) === i);
const email = () => `dup-${randomUUID().slice(0, 8)}@kidslearn.test`;

it('when gems sees a quiz.attempt.scored it already credited, then it publishes the same gems.credited again', async () => {
  const learner = email();
  const event = scoredEvent(learner, 'lesson-dup-outcome', 2);
  await s.publish(event);
  await eventually(async () => outcomesFor('attemptId', event.data.attemptId).length === 1);
  // Another credit moves the balance on: the re-published outcome must still be the first one's.
  await s.publish(scoredEvent(learner, 'lesson-other', 1));
  await eventually(async () => seen.some((e) => e.type === 'gems.credited' && (e.data as { email: string }).email === learner && (e.data as { balance: number }).balance === 3));

  await s.publish(event);
  await eventually(async () => outcomesFor('attemptId', event.data.attemptId).length === 2);
  const [first, again] = outcomesFor('attemptId', event.data.attemptId);
  expect(again!.type).toBe('gems.credited');
  expect(again!.data).toEqual(first!.data);
  expect(first!.data).toMatchObject({ amount: 2, balance: 2 });
  // Published through the outbox, which the relay then empties.
  await eventually(async () => (await s.gemsDb!.collection('balances').findOne({ _id: learner as never }))?.outbox.length === 0);
  expect((await s.gemsDb!.collection('balances').findOne({ _id: learner as never }))?.gems).toBe(3);
});

it('when a redemption already debited or rejected is requested again (same or new event id), then gems publishes its outcome again', async () => {
  const learner = email();
  await s.publish(scoredEvent(learner, 'lesson-r', 2));
  await eventually(async () => (await s.gemsDb!.collection('balances').findOne({ _id: learner as never }))?.gems === 2);
  const debit = redemptionEvent(learner, 2);
  const rejected = redemptionEvent(learner, 5);
  await s.publish(debit);
  await eventually(async () => outcomesFor('redemptionId', debit.data.redemptionId).length === 1);
  await s.publish(rejected);
  await eventually(async () => outcomesFor('redemptionId', rejected.data.redemptionId).length === 1);

  await s.publish(debit); // the same event again
  await s.publish(redemptionEvent(learner, 5, rejected.data.redemptionId)); // a new request for the same redemption
  await eventually(async () => outcomesFor('redemptionId', debit.data.redemptionId).length === 2 && outcomesFor('redemptionId', rejected.data.redemptionId).length === 2);
  for (const id of [debit.data.redemptionId, rejected.data.redemptionId]) {
    const [first, again] = outcomesFor('redemptionId', id);
    expect(again!.type).toBe(first!.type);
    expect(again!.data).toEqual(first!.data);
  }
  expect(outcomesFor('redemptionId', debit.data.redemptionId)[0]).toMatchObject({ type: 'gems.debited', data: { cost: 2, balance: 0 } });
  expect(outcomesFor('redemptionId', rejected.data.redemptionId)[0]).toMatchObject({ type: 'gems.debit.rejected', data: { cost: 5, balance: 0 } });
  expect((await s.gemsDb!.collection('balances').findOne({ _id: learner as never }))?.gems).toBe(0);
});
