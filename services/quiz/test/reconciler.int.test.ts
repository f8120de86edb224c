import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import { EXCHANGE, createEnvelope, createEvent } from '@kidslearn/lib-events';
import { outcomeChannel } from '@kidslearn/lib-redis';
import { env } from '@kidslearn/lib-testkit';
import { eventually, scoredEvent, startServices, type Started } from './support/harness';

jest.setTimeout(60_000);

// An attempt whose gems outcome never arrived (a lost or dead-lettered message) is re-driven by the
// quiz reconciler: its quiz.attempt.scored goes out again (same id, through the outbox), gems answers
// the duplicate with the first gems.credited, and the attempt settles; the gem is credited once.
const AFTER_MS = 1000;
let s: Started;
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, { RECONCILE_INTERVAL_MS: '200', RECONCILE_AFTER_MS: String(AFTER_MS), RECONCILE_MAX_REDRIVES: '3' });
  s = await startServices();
});
afterAll(async () => {
  process.env = saved;
  await s?.stop();
});

const attempts = () => s.quizDb!.collection('attempts');

/**
 * Runs `act` while quiz's queue does not receive gems.credited: what gems publishes meanwhile is routed to no
 * quiz queue, so it is really lost (not merely slow). Several quiz instances share the one queue.
 */
async function withoutQuizOutcomes(act: () => Promise<void>): Promise<void> {
  const queue = s.quiz!.connections.bus.queues.queue;
  const conn = await amqp.connect(env().AMQP_URL);
  try {
    const ch = await conn.createChannel();
    await ch.unbindQueue(queue, EXCHANGE, 'gems.credited');
    try {
      await act();
    } finally {
      await ch.bindQueue(queue, EXCHANGE, 'gems.credited');
    }
  } finally {
    await conn.close();
  }
}

/** The first announcement of `attemptId`'s outcome, which quiz makes as it handles a gems.credited for it. */
async function firstAnnouncement(attemptId: string): Promise<{ heard: Promise<void>; close(): void }> {
  const subscriber = new Redis(env().REDIS_URL);
  await subscriber.subscribe(outcomeChannel('quiz'));
  const heard = new Promise<void>((resolve) =>
    subscriber.on('message', (_channel: string, message: string) => {
      if (message.startsWith(`${attemptId} `)) resolve();
    }),
  );
  return { heard, close: () => subscriber.disconnect() };
}

/** Resolves at `at` (ms since the epoch): a moment the assertion needs, not a guess at how long work takes. */
const until = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** An attempt as POST /quiz-results stores it, created a while ago, whose event already left the outbox. */
async function storedAttempt(email: string, event: { id: string; data: unknown }, attemptId: string) {
  await attempts().insertOne({
    _id: attemptId as never,
    lessonId: 'lesson-reconcile',
    email,
    userId: 'test',
    name: 'Test',
    answers: ['A', 'B'],
    score: 2,
    total: 2,
    reward: 2,
    createdAt: new Date(Date.now() - 60_000),
    gems: null,
    credited: null,
    settledAt: null,
    settled: false,
    scoredEvent: event,
    outbox: [],
  });
}

it('when gems credited an attempt but its gems.credited was lost, then the reconciler re-drives it and the attempt settles, credited once', async () => {
  const email = `reconcile-${randomUUID().slice(0, 8)}@kidslearn.test`;
  const event = scoredEvent(email, 'lesson-reconcile', 2);
  // gems credits the attempt and its gems.credited is lost on the way to quiz.
  await withoutQuizOutcomes(async () => {
    await s.publish(event);
    // gems empties its outbox once the broker confirmed gems.credited, that is once it was routed.
    await eventually(async () => {
      const balance = await s.gemsDb!.collection('balances').findOne({ _id: email as never });
      return balance?.gems === 2 && balance.outbox.length === 0;
    });
  });
  await storedAttempt(email, event, event.data.attemptId);

  await eventually(async () => (await attempts().findOne({ _id: event.data.attemptId as never }))?.settled === true, 15_000);
  const attempt = await attempts().findOne({ _id: event.data.attemptId as never });
  expect(attempt).toMatchObject({ gems: 2, credited: 2 });
  // Re-driven (nothing else could settle it), once per period until the outcome landed: how often depends on speed.
  expect(attempt!.redrives).toBeGreaterThanOrEqual(1);
  await eventually(async () => (await attempts().findOne({ _id: event.data.attemptId as never }))?.outbox.length === 0);
  expect(await s.gemsDb!.collection('ledger').countDocuments({ ref: event.data.attemptId })).toBe(1);
  expect((await s.gemsDb!.collection('balances').findOne({ _id: email as never }))?.gems).toBe(2);
});

it('when an attempt never settles, then it is re-driven at most once per period and at most the configured number of times', async () => {
  const attemptId = randomUUID();
  // An event nobody consumes: the attempt stays unsettled whatever the reconciler does.
  await storedAttempt(`never-${randomUUID().slice(0, 8)}@kidslearn.test`, createEnvelope('test.reconcile.unanswered', { attemptId }), attemptId);
  const read = () => attempts().findOne({ _id: attemptId as never });
  // When each re-drive happened, as the reconciler wrote it (a slow poll may miss one in between; none is needed).
  const redrivenAt = new Map<number, number>();
  await eventually(async () => {
    const attempt = await read();
    if (attempt?.redrives) redrivenAt.set(attempt.redrives, (attempt.redrivenAt as Date).getTime());
    return attempt?.redrives === 3;
  }, 15_000);
  // Passes run every 200 ms: n re-drives apart are n periods apart only if each waited out its period.
  const firstSeen = Math.min(...redrivenAt.keys());
  expect(redrivenAt.get(3)! - redrivenAt.get(firstSeen)!).toBeGreaterThanOrEqual((3 - firstSeen) * AFTER_MS);
  const exhausted = await read();
  expect(exhausted).toMatchObject({ redrives: 3, redrivesExhausted: true, settled: false });

  // Once its period is over only the limit holds it back: a pass that starts now must leave it alone.
  await until(redrivenAt.get(3)! + AFTER_MS);
  await s.quiz!.reconcile(); // joins a pass in progress, if any (it may have started before the period ended)
  await s.quiz!.reconcile(); // so this one starts now
  expect(await read()).toMatchObject({ redrives: 3, redrivenAt: exhausted!.redrivenAt, settled: false });
});

it('when a later gems.credited arrives for a settled attempt, then the attempt keeps its first outcome', async () => {
  const email = `first-${randomUUID().slice(0, 8)}@kidslearn.test`;
  const event = scoredEvent(email, 'lesson-first', 2);
  await storedAttempt(email, event, event.data.attemptId);
  await s.publish(event);
  await eventually(async () => (await attempts().findOne({ _id: event.data.attemptId as never }))?.settled === true);
  const first = await attempts().findOne({ _id: event.data.attemptId as never });
  const announcement = await firstAnnouncement(event.data.attemptId);
  try {
    await s.publish(createEvent('gems.credited', { attemptId: event.data.attemptId, lessonId: 'lesson-first', email, amount: 0, balance: 99 }));
    // Quiz announces and issues its guarded write in one go (record-credit.ts): heard here, the write is under way.
    await announcement.heard;
  } finally {
    announcement.close();
  }
  expect(await attempts().findOne({ _id: event.data.attemptId as never })).toMatchObject({ gems: 2, credited: 2, settledAt: first!.settledAt });
});
