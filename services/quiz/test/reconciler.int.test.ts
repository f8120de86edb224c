import { randomUUID } from 'node:crypto';
import { createEnvelope, createEvent } from '@kidslearn/lib-events';
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
  // gems processes the event while quiz does not know the attempt yet: its outcome is dropped.
  await s.publish(event);
  await eventually(async () => {
    const balance = await s.gemsDb!.collection('balances').findOne({ _id: email as never });
    return balance?.gems === 2 && balance.outbox.length === 0;
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await storedAttempt(email, event, event.data.attemptId);

  await eventually(async () => (await attempts().findOne({ _id: event.data.attemptId as never }))?.settled === true, 15_000);
  const attempt = await attempts().findOne({ _id: event.data.attemptId as never });
  expect(attempt).toMatchObject({ gems: 2, credited: 2, redrives: 1 });
  await eventually(async () => (await attempts().findOne({ _id: event.data.attemptId as never }))?.outbox.length === 0);
  expect(await s.gemsDb!.collection('ledger').countDocuments({ ref: event.data.attemptId })).toBe(1);
  expect((await s.gemsDb!.collection('balances').findOne({ _id: email as never }))?.gems).toBe(2);
});

it('when an attempt never settles, then it is re-driven at most once per period and at most the configured number of times', async () => {
  const attemptId = randomUUID();
  // An event nobody consumes: the attempt stays unsettled whatever the reconciler does.
  await storedAttempt(`never-${randomUUID().slice(0, 8)}@kidslearn.test`, createEnvelope('test.reconcile.unanswered', { attemptId }), attemptId);
  await new Promise((resolve) => setTimeout(resolve, AFTER_MS / 2));
  expect((await attempts().findOne({ _id: attemptId as never }))?.redrives).toBe(1);
  await eventually(async () => (await attempts().findOne({ _id: attemptId as never }))?.redrives === 3, 10_000);
  await new Promise((resolve) => setTimeout(resolve, 2 * AFTER_MS));
  expect(await attempts().findOne({ _id: attemptId as never })).toMatchObject({ redrives: 3, redrivesExhausted: true, settled: false });
});

it('when a later gems.credited arrives for a settled attempt, then the attempt keeps its first outcome', async () => {
  const email = `first-${randomUUID().slice(0, 8)}@kidslearn.test`;
  const event = scoredEvent(email, 'lesson-first', 2);
  await storedAttempt(email, event, event.data.attemptId);
  await s.publish(event);
  await eventually(async () => (await attempts().findOne({ _id: event.data.attemptId as never }))?.settled === true);
  const first = await attempts().findOne({ _id: event.data.attemptId as never });
  await s.publish(createEvent('gems.credited', { attemptId: event.data.attemptId, lessonId: 'lesson-first', email, amount: 0, balance: 99 }));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await attempts().findOne({ _id: event.data.attemptId as never })).toMatchObject({ gems: 2, credited: 2, settledAt: first!.settledAt });
});
