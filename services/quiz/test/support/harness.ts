// Starts the quiz and gems services in-process against the real local infrastructure, each with a
// fresh database and a unique queue, plus a test publisher on the same exchange. stop() removes
// the databases and queues again. `instances` (default TEST_INSTANCES, else 1) starts that many instances of
// each service on the same database and queue; quizUrl / gemsUrl then spread requests over them in turn. With `log`,
// both services log at debug level into it (each under its queue's name: quizName, gemsName), so a test can wait for
// the line that says an event was handled. `quizEnv` adds to quiz's settings (e.g. PARENT_CONSENT).
import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import mongoose from 'mongoose';
import type { Letter } from '@kidslearn/contracts';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, createEvent, topologyFor, type EventEnvelope } from '@kidslearn/lib-events';
import { env, roundRobin, testInstances, uniqueDbUrl, type LogCapture } from '@kidslearn/lib-testkit';
import { buildService as buildQuiz, readConfig as readQuizConfig } from '../../src';
import { buildService as buildGems, readConfig as readGemsConfig } from '../../../gems/src';

export type Started = Awaited<ReturnType<typeof startServices>>;

const RETRY_DELAYS = [1000, 5000, 15000];

async function startMany<S extends { start(): Promise<string> }>(count: number, build: () => Promise<S>) {
  const services: S[] = [];
  for (let i = 0; i < count; i += 1) services.push(await build());
  const urls = await Promise.all(services.map((service) => service.start()));
  return { services, front: await roundRobin(urls) };
}

export async function startServices(
  which: { quiz?: boolean; gems?: boolean } = { quiz: true, gems: true },
  { instances = testInstances(), log, quizEnv = {} }: { instances?: number; log?: LogCapture; quizEnv?: Record<string, string> } = {},
) {
  const suffix = randomUUID().slice(0, 8);
  const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const base = { ...process.env, ...env(), PORT: '0', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', OUTCOME_TIMEOUT_MS: '5000' } as Record<string, string | undefined>;
  const names: string[] = [];

  const quizName = `quiz-test-${suffix}`;
  const quizDb = uniqueDbUrl('quiz');
  // The test clock: the daily review tests move to the next days with X-Test-Now.
  const quizConfig = readQuizConfig({ ...base, SERVICE_NAME: quizName, MONGO_URL: quizDb, ALLOW_TEST_CLOCK: 'true', ...quizEnv });
  const gemsName = `gems-test-${suffix}`;
  const gemsDb = uniqueDbUrl('gems');
  const gemsConfig = readGemsConfig({ ...base, SERVICE_NAME: gemsName, MONGO_URL: gemsDb });
  const loggerOf = (name: string) => (log ? createLogger(name, 'debug', log) : logger);
  const quizzes = which.quiz ? await startMany(instances, () => buildQuiz(quizConfig, loggerOf(quizName))) : undefined;
  const gemses = which.gems ? await startMany(instances, () => buildGems(gemsConfig, loggerOf(gemsName))) : undefined;
  if (quizzes) names.push(quizName);
  if (gemses) names.push(gemsName);
  const bus = await EventBus.connect({ url: base.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672', serviceName: `publisher-test-${suffix}`, logger });
  const quizDbConn = quizzes ? await mongoose.createConnection(quizDb).asPromise() : undefined;
  const gemsDbConn = gemses ? await mongoose.createConnection(gemsDb).asPromise() : undefined;

  return {
    /** the first instance (its in-process handles: reconcile(), stop()) */
    quiz: quizzes?.services[0],
    gems: gemses?.services[0],
    quizUrl: quizzes?.front.url ?? '',
    gemsUrl: gemses?.front.url ?? '',
    quizDb: quizDbConn,
    /** the services' logger names (LogCapture lines' `name`) */
    quizName,
    gemsName,
    gemsDb: gemsDbConn,
    publish: (event: EventEnvelope) => bus.publish(event),
    /** A lesson with the given answer key (and explanations), known to the quiz service once this resolves. */
    async createLesson(answerKey: string[], explanations?: (string | null)[]): Promise<string> {
      const lessonId = `lesson-${randomUUID().slice(0, 12)}`;
      await bus.publish(createEvent('lesson.created', { lessonId, lessonHeading: `Test ${lessonId}`, answerKey: answerKey as Letter[], ...(explanations ? { explanations } : {}) }));
      await eventually(async () => Boolean(await quizDbConn?.collection('answerKeys').findOne({ _id: lessonId as never })));
      return lessonId;
    },
    async stop() {
      for (const started of [quizzes, gemses]) {
        await started?.front.close();
        for (const service of started?.services ?? []) await service.stop();
      }
      await bus.close();
      for (const conn of [quizDbConn, gemsDbConn]) {
        if (!conn) continue;
        await conn.dropDatabase().catch(() => undefined);
        await conn.close();
      }
      const conn = await amqp.connect(base.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      for (const name of names) {
        const t = topologyFor(name);
        for (const queue of [t.queue, t.dlq, ...RETRY_DELAYS.map((d) => t.retryQueue(d))]) await ch.deleteQueue(queue).catch(() => undefined);
      }
      await conn.close().catch(() => undefined);
    },
  };
}

/** Polls until check() is true (eventual consistency across the broker). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const scoredEvent = (email: string, lessonId: string, reward: number, attemptId: string = randomUUID()) =>
  createEvent('quiz.attempt.scored', { attemptId, lessonId, email, userId: 'test', name: 'Test', score: reward, total: 2, reward });

export const redemptionEvent = (email: string, cost: number, redemptionId: string = randomUUID()) => createEvent('redemption.requested', { redemptionId, email, cost });
