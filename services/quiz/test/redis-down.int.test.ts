import type { Letter } from '@kidslearn/contracts';
// Redis made unreachable for this quiz instance only (its REDIS_URL points at a closed port; the shared
// Redis keeps serving everyone else): a committed submission must still answer 201, never 500.
import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import mongoose from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { createEvent, topologyFor } from '@kidslearn/lib-events';
import { createLearner, env, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { buildService, readConfig } from '../src';
import type { QuizService } from '../src/app';
import { eventually, startServices, type Started } from './support/harness';
import { call } from './support/http';

const KEY: Letter[] = ['A', 'B', 'C', 'D'];
const logger = createLogger('test', 'silent');

let gems: Started;
let quiz: QuizService;
let quizUrl: string;
let quizDb: mongoose.Connection;
let lessonId: string;
const quizName = `quiz-redis-down-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  gems = await startServices({ gems: true });
  const dbUrl = uniqueDbUrl('quiz-redis-down');
  const config = readConfig({ ...process.env, ...env(), SERVICE_NAME: quizName, MONGO_URL: dbUrl, REDIS_URL: 'redis://127.0.0.1:1', PORT: '0', LOG_LEVEL: 'silent', OUTCOME_TIMEOUT_MS: '4000', REQUEST_LESSONS_ON_START: 'false' });
  quiz = await buildService(config, logger);
  quizUrl = await quiz.start();
  quizDb = await mongoose.createConnection(dbUrl).asPromise();
  lessonId = `lesson-${randomUUID().slice(0, 12)}`;
  await gems.publish(createEvent('lesson.created', { lessonId, lessonHeading: 'Redis down', answerKey: KEY }));
  await eventually(async () => Boolean(await quizDb.collection('answerKeys').findOne({ _id: lessonId as never })));
});
afterAll(async () => {
  await quiz?.stop();
  await quizDb?.dropDatabase().catch(() => undefined);
  await quizDb?.close();
  await gems?.stop();
  const conn = await amqp.connect(env().AMQP_URL);
  const ch = await conn.createChannel();
  const t = topologyFor(quizName);
  for (const queue of [t.queue, t.dlq, ...[1000, 5000, 15000].map((d) => t.retryQueue(d))]) await ch.deleteQueue(queue).catch(() => undefined);
  await conn.close();
});

describe('quiz with Redis unreachable', () => {
  it('when a learner submits (with an Idempotency-Key), then 201 with the score; gems is the settled total or null, never a 500', async () => {
    const learner = await createLearner();
    const reply = await call('POST', `${quizUrl}/quiz-results`, { token: learner.token, body: { quizId: lessonId, answers: KEY }, headers: { 'idempotency-key': `k-${randomUUID()}` } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ score: 4, total: 4, reward: 2 });
    expect([2, null]).toContain(reply.body.gems);
    expect(await quizDb.collection('attempts').countDocuments({ _id: reply.body.attemptId })).toBe(1);
  });

  it('when the attempt is credited by gems, then quiz records it although it cannot announce it', async () => {
    const learner = await createLearner();
    const reply = await call('POST', `${quizUrl}/quiz-results`, { token: learner.token, body: { quizId: lessonId, answers: KEY } });
    expect(reply.status).toBe(201);
    // Stored unsettled with gems: null; gems' outcome sets settled with the credit and the total it committed.
    const attempt = () => quizDb.collection('attempts').findOne({ _id: reply.body.attemptId });
    await eventually(async () => (await attempt())?.settled === true, 20_000);
    expect(await attempt()).toMatchObject({ settled: true, credited: 2, gems: 2, settledAt: expect.any(Date) });
    expect((await call('GET', `${gems.gemsUrl}/gems/${encodeURIComponent(learner.email)}`, { token: learner.token })).body).toMatchObject({ gems: 2 });
  });

  it('when standings are read, then they come from the database', async () => {
    const learner = await createLearner();
    expect((await call('POST', `${quizUrl}/quiz-results`, { token: learner.token, body: { quizId: lessonId, answers: KEY } })).status).toBe(201);
    const own = (await call('GET', `${quizUrl}/quiz-results/mine`, { token: learner.token })).body as { lessonId: string; standingId: string }[];
    const reply = await call('GET', `${quizUrl}/standings/${lessonId}`, { token: learner.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toContainEqual(expect.objectContaining({ _id: own.find((row) => row.lessonId === lessonId)?.standingId, score: 4, total: 4 }));
  });
});
