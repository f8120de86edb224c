// A submission sent again with its Idempotency-Key (the portal retrying, or the gateway when the instance of the
// first try died before answering) is the same attempt, on whichever instance it lands: answered, never scored or
// credited twice; an attempt whose instance died before publishing its event is published by the retry.
import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { createOutbox } from '@kidslearn/lib-mongo';
import { createLearner } from '@kidslearn/lib-testkit';
import { attemptIdFor } from '../src/domain/ids';
import { attemptRepository, type AttemptDoc } from '../src/data-access/attempts';
import { answerKeyRepository } from '../src/data-access/answer-keys';
import { bestRepository } from '../src/data-access/bests';
import { submitQuiz } from '../src/use-cases/submit-quiz';
import { eventually, startServices, type Started } from './support/harness';
import { call } from './support/http';

jest.setTimeout(60_000);

const KEY = ['A', 'B', 'C'];
let s: Started;
let learner: { email: string; token: string };
let lessonId: string;

beforeAll(async () => {
  s = await startServices();
  learner = await createLearner();
  lessonId = await s.createLesson(KEY);
});
afterAll(async () => {
  await s?.stop();
});

const submit = (key: string, answers = KEY, token = learner.token) => call('POST', `${s.quizUrl}/quiz-results`, { token, body: { quizId: lessonId, answers }, headers: { 'idempotency-key': key } });
const creditsOf = async (attemptId: string) => s.gemsDb!.collection('ledger').countDocuments({ ref: attemptId });

it('when the same submission is sent twice, also at once, then it is one attempt, answered alike each time and credited once', async () => {
  const key = `retry-${randomUUID()}`;
  const [first, second] = await Promise.all([submit(key), submit(key)]);
  const third = await submit(key);
  expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
  const attemptId = attemptIdFor(learner.email.toLowerCase(), key);
  for (const reply of [first, second, third]) expect(reply.body).toMatchObject({ attemptId, score: 3, total: 3, reward: 2 });
  expect(third.body.gems).toBe(2);
  expect(await s.quizDb!.collection('attempts').countDocuments({ _id: attemptId as never })).toBe(1);
  await eventually(async () => (await creditsOf(attemptId)) === 1);
});

it('when the key comes again with other answers, then 422 and nothing more is stored', async () => {
  const key = `reuse-${randomUUID()}`;
  expect((await submit(key)).status).toBe(201);
  const reused = await submit(key, ['A', 'A', 'A']);
  expect(reused.status).toBe(422);
  expect(reused.body.message).toBe('This Idempotency-Key was used for a different request.');
  expect((await submit('bad key!')).status).toBe(400);
});

it('when the instance of the first try stored the attempt and died before publishing, then the retry publishes it and answers with the gems', async () => {
  const key = `died-${randomUUID()}`;
  // A learner new to the lesson: the credit is its whole reward (a repeat of a paid lesson credits 0, no ledger line).
  const fresh = await createLearner();
  const email = fresh.email.toLowerCase();
  // The first try's write path, in a "process" that never publishes (its relay is never started, its publish hangs).
  const dead = (model: Model<AttemptDoc>) => createOutbox({ model, logger: createLogger('dead', 'silent'), bus: { publish: () => new Promise<void>(() => undefined) } });
  const first = await submitQuiz(
    {
      answerKeys: answerKeyRepository(s.quizDb!),
      attempts: attemptRepository(s.quizDb!, dead),
      bests: bestRepository(s.quizDb!, { rowKey: Buffer.alloc(32) }),
      outcomes: { listen: async () => ({ wait: async () => null, close: async () => undefined }) },
      announcedGems: () => null,
      standingsChanged: async () => undefined,
      outcomeTimeoutMs: 0,
    },
    { sub: 'sub', email, name: 'Retry' },
    lessonId,
    [...KEY] as ('A' | 'B' | 'C' | 'D')[],
    key,
  );
  expect((await s.quizDb!.collection('attempts').findOne({ _id: first.attemptId as never }))?.outbox).toHaveLength(1);

  const retried = await submit(key, KEY, fresh.token);
  expect(retried.status).toBe(201);
  expect(retried.body).toMatchObject({ attemptId: first.attemptId, score: 3, reward: 2 });
  await eventually(async () => (await creditsOf(first.attemptId)) === 1);
  await eventually(async () => (await s.quizDb!.collection('attempts').findOne({ _id: first.attemptId as never }))?.settled === true);
});
