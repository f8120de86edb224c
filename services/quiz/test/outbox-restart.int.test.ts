import { randomBytes, randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import mongoose from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, topologyFor } from '@kidslearn/lib-events';
import { createOutbox } from '@kidslearn/lib-mongo';
import { connectRedis, createCache, type Redis } from '@kidslearn/lib-redis';
import { env, tokenFor, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { buildService, readConfig } from '../src';
import { answerKeyRepository } from '../src/data-access/answer-keys';
import { attemptRepository } from '../src/data-access/attempts';
import { bestRepository } from '../src/data-access/bests';
import { announcedGems, createOutcomeWaiter } from '../src/data-access/outcomes';
import { submitQuiz } from '../src/use-cases/submit-quiz';
import { eventually, startServices, type Started } from './support/harness';
import { call } from './support/http';

jest.setTimeout(60_000);

// The quiz service dies after storing an attempt but before publishing quiz.attempt.scored: the
// event waits in the attempt's outbox, the next instance publishes it, gems credits it once, and the
// outcome is announced over Redis to a request still waiting for it.
let s: Started;
let quizDb: mongoose.Connection;
const quizDbUrl = uniqueDbUrl('quiz');
const quizName = `quiz-restart-test-${randomUUID().slice(0, 8)}`;
let next: Awaited<ReturnType<typeof buildService>> | undefined;
const logger = createLogger('dead', 'silent');
// The dying instance's Redis connections (one for commands, one subscribed), as buildService makes them.
let redis: Redis;
let subscriber: Redis;

beforeAll(async () => {
  s = await startServices({ gems: true });
  quizDb = await mongoose.createConnection(quizDbUrl).asPromise();
  redis = connectRedis(env().REDIS_URL, logger);
  subscriber = redis.duplicate();
});
afterAll(async () => {
  redis?.disconnect();
  subscriber?.disconnect();
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

it('when the service dies between storing an attempt and publishing it, then the next instance publishes it, gems credits it once and a waiting request hears the total over Redis', async () => {
  const email = `restart-${randomUUID().slice(0, 8)}@kidslearn.test`;
  const lessonId = `lesson-${randomUUID().slice(0, 12)}`;
  const answerKeys = answerKeyRepository(quizDb);
  // The real write path of POST /quiz-results, in a process whose broker connection is gone before it publishes.
  const gone = await EventBus.connect({ url: env().AMQP_URL, serviceName: `${quizName}-dead`, logger, knownSubscriptions: {} });
  await gone.close();
  const attempts = attemptRepository(quizDb, (model) => createOutbox({ model, logger, bus: gone }));
  await answerKeys.save(lessonId, 'Restart lesson', ['A', 'B']);
  const standings = createCache(redis, { prefix: `${quizName}:standings:` });

  const result = await submitQuiz(
    {
      answerKeys,
      attempts,
      bests: bestRepository(quizDb, { rowKey: randomBytes(32) }),
      outcomes: createOutcomeWaiter(subscriber),
      announcedGems,
      standingsChanged: async (changed) => void (await standings.invalidate(changed)),
      // It dies before the outcome could come: no wait.
      outcomeTimeoutMs: 0,
    },
    { sub: 'sub-1', email, name: 'Restart Learner' },
    lessonId,
    ['A', 'B'],
  );
  expect(result).toMatchObject({ score: 2, total: 2, reward: 2, gems: null });
  expect((await quizDb.collection('attempts').findOne({ _id: result.attemptId as never }))?.outbox).toHaveLength(1);
  // The learner's retried request, waiting on another instance for the attempt's outcome.
  const retried = await createOutcomeWaiter(subscriber).listen(result.attemptId);

  next = await buildService(
    readConfig({ ...process.env, SERVICE_NAME: quizName, MONGO_URL: quizDbUrl, PORT: '0', REQUEST_LESSONS_ON_START: 'false' }),
    createLogger(quizName, 'silent'),
  );
  await next.start();

  const admin = await tokenFor('admin@kidslearn.test', 'Admin1234');
  const balance = async () => (await call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(email)}`, { token: admin })).body.gems as number;
  await expect(retried.wait(15_000, async () => null, announcedGems)).resolves.toBe(2);
  await retried.close();
  await eventually(async () => (await balance()) === 2);
  await eventually(async () => (await quizDb.collection('attempts').findOne({ _id: result.attemptId as never }))?.gems === 2);
  const stored = await quizDb.collection('attempts').findOne({ _id: result.attemptId as never });
  // The outbox is empty, so the event went out (an outbox publishes before it pulls) and only this instance
  // ever had a broker to publish on: gems has its one copy, and its ledger line is keyed by the event.
  expect(stored?.outbox).toEqual([]);
  const ledger = (await call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(email)}/ledger`, { token: admin })).body;
  expect(ledger.entries.filter((e: { ref: string }) => e.ref === result.attemptId)).toHaveLength(1);
  expect(await balance()).toBe(2);
});
