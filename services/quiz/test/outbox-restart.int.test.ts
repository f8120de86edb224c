import { randomBytes, randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import mongoose from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { topologyFor } from '@kidslearn/lib-events';
import { env, tokenFor, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { buildService, readConfig } from '../src';
import { answerKeyRepository } from '../src/data-access/answer-keys';
import { attemptRepository } from '../src/data-access/attempts';
import { createOutbox } from '@kidslearn/lib-mongo';
import { bestRepository } from '../src/data-access/bests';
import { submitQuiz } from '../src/use-cases/submit-quiz';
import { eventually, startServices, type Started } from './support/harness';
import { call } from './support/http';

jest.setTimeout(60_000);

// The quiz service dies after storing an attempt but before publishing quiz.attempt.scored: the
// event waits in the attempt's outbox, the next instance publishes it, and gems credits it once.
let s: Started;
let quizDb: mongoose.Connection;
const quizDbUrl = uniqueDbUrl('quiz');
const quizName = `quiz-restart-test-${randomUUID().slice(0, 8)}`;
let next: Awaited<ReturnType<typeof buildService>> | undefined;

beforeAll(async () => {
  s = await startServices({ gems: true });
  quizDb = await mongoose.createConnection(quizDbUrl).asPromise();
});
afterAll(async () => {
  await next?.stop();
  await s?.stop();
  await quizDb.dropDatabase().catch(() => undefined);
  await quizDb.close();
  const conn = await amqp.connect(env().AMQP_URL);
  const ch = await conn.createChannel();
  const t = topologyFor(quizName);
  for (const queue of [t.queue, t.dlq, ...[1000, 5000, 15000].map((d) => t.retryQueue(d))]) await ch.deleteQueue(queue).catch(() => undefined);
  await conn.close();
});

it('when the service dies between storing an attempt and publishing it, then the next instance publishes it and gems credits it once', async () => {
  const email = `restart-${randomUUID().slice(0, 8)}@kidslearn.test`;
  const lessonId = `lesson-${randomUUID().slice(0, 12)}`;
  const answerKeys = answerKeyRepository(quizDb);
  // The real write path of POST /quiz-results, in a process that dies before publishing: its relay never runs.
  const attempts = attemptRepository(quizDb, (model) => createOutbox({ model, logger: createLogger('dead', 'silent'), bus: { publish: () => new Promise<void>(() => undefined) } }));
  await answerKeys.save(lessonId, 'Restart lesson', ['A', 'B']);

  const result = await submitQuiz(
    {
      answerKeys,
      attempts,
      bests: bestRepository(quizDb, { rowKey: randomBytes(32) }),
      outcomes: { listen: async () => ({ wait: async () => null, close: async () => undefined }) },
      announcedGems: () => null,
      standingsChanged: async () => undefined,
      outcomeTimeoutMs: 0,
    },
    { sub: 'sub-1', email, name: 'Restart Learner' },
    lessonId,
    ['A', 'B'],
  );
  expect(result).toMatchObject({ score: 2, total: 2, reward: 2, gems: null });
  expect((await quizDb.collection('attempts').findOne({ _id: result.attemptId as never }))?.outbox).toHaveLength(1);

  next = await buildService(
    readConfig({ ...process.env, SERVICE_NAME: quizName, MONGO_URL: quizDbUrl, PORT: '0', REQUEST_LESSONS_ON_START: 'false' }),
    createLogger(quizName, 'silent'),
  );
  await next.start();

  const admin = await tokenFor('admin@kidslearn.test', 'Admin1234');
  const balance = async () => (await call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(email)}`, { token: admin })).body.gems as number;
  await eventually(async () => (await balance()) === 2);
  await eventually(async () => (await quizDb.collection('attempts').findOne({ _id: result.attemptId as never }))?.gems === 2);
  const stored = await quizDb.collection('attempts').findOne({ _id: result.attemptId as never });
  expect(stored?.outbox).toEqual([]);
  await new Promise((r) => setTimeout(r, 1000));
  const ledger = (await call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(email)}/ledger`, { token: admin })).body;
  expect(ledger.entries.filter((e: { ref: string }) => e.ref === result.attemptId)).toHaveLength(1);
  expect(await balance()).toBe(2);
});
