import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '@kidslearn/lib-core';
import { createApp, finishApp, listen, closeServer, serveOpenApi } from '@kidslearn/lib-http';
import { createAuth } from '@kidslearn/lib-auth';
import { connectMongo, createOutboxRelay } from '@kidslearn/lib-mongo';
import { EventBus, createEvent } from '@kidslearn/lib-events';
import { connectRedis, createCache, idempotency, rateLimit } from '@kidslearn/lib-redis';
import type { QuizConfig } from './config';
import { answerKeyRepository } from './data-access/answer-keys';
import { attemptRepository } from './data-access/attempts';
import { bestRepository, type StandingRow } from './data-access/bests';
import { displayNameRepository } from './data-access/display-names';
import { loadRowKey } from './data-access/row-key';
import { announceOutcome, createOutcomeWaiter } from './data-access/outcomes';
import { quizRoutes } from './entry-points/http/routes';
import { attemptReconciler } from './use-cases/reconcile-attempts';
import { LESSON_ANNOUNCEMENT_REQUESTED, subscribeQuizHandlers } from './entry-points/messaging/handlers';
import { subscribeProfileHandler } from './entry-points/messaging/profile-handler';
import { createLearnerErasure } from './learner-erasure';
import { openApiDocument } from './openapi';

export interface QuizService {
  app: Express;
  /** consumers, outbox relay and the HTTP server; resolves with the base URL */
  start(): Promise<string>;
  stop(): Promise<void>;
  /** one reconciler pass now (tests, operators); resolves with the attempts re-driven */
  reconcile(): Promise<number>;
}

export async function buildService(config: QuizConfig, logger: Logger = createLogger(config.SERVICE_NAME)): Promise<QuizService> {
  const db = await connectMongo(config.MONGO_URL, logger);
  const redis = connectRedis(config.REDIS_URL, logger);
  const subscriber = redis.duplicate();
  subscriber.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis subscriber error'));
  const bus = await EventBus.connect({ url: config.AMQP_URL, serviceName: config.SERVICE_NAME, logger });

  const answerKeys = answerKeyRepository(db);
  const attempts = attemptRepository(db);
  const displayNames = displayNameRepository(db);
  const bests = bestRepository(db, { rowKey: await loadRowKey(db), nameOf: displayNames.nameOf });
  await Promise.all([answerKeys.model.init(), attempts.model.init(), bests.model.init(), displayNames.model.init()]);
  await displayNames.load();
  const relay = createOutboxRelay({ model: attempts.model, bus, logger });
  const reconciler = attemptReconciler(attempts, {
    logger,
    afterMs: config.RECONCILE_AFTER_MS,
    maxRedrives: config.RECONCILE_MAX_REDRIVES,
    afterWrite: (attemptId, events) => relay.kick(attemptId, events),
  });
  const outcomes = createOutcomeWaiter(subscriber);
  const standingsCache = createCache(redis, { prefix: `${config.SERVICE_NAME}:standings:` });
  const auth = createAuth({ keycloakUrl: config.KEYCLOAK_URL, issuerUrl: config.KEYCLOAK_ISSUER_URL, realm: config.KEYCLOAK_REALM });
  const erasure = await createLearnerErasure({
    db,
    attempts,
    bests,
    displayNames,
    invalidateStandings: (lessonId) => standingsCache.invalidate(lessonId),
    selfOrAdmin: [auth.authenticate, auth.requireSelfOrAdmin('email')],
    logger,
  });

  const app = createApp({
    name: config.SERVICE_NAME,
    logger,
    trustProxy: config.TRUST_PROXY,
    readiness: {
      mongo: async () => void (await db.db?.admin().ping()),
      redis: async () => void (await redis.ping()),
      rabbitmq: () => bus.check(),
    },
  });
  serveOpenApi(app, openApiDocument);
  app.use(
    quizRoutes({
      answerKeys,
      attempts,
      bests,
      outcomes,
      outcomeTimeoutMs: config.OUTCOME_TIMEOUT_MS,
      learner: [auth.authenticate, auth.requireLearner, erasure.guard],
      signedIn: [auth.authenticate],
      // POST /quiz-results only: a per-learner limit, then the Idempotency-Key guard.
      idempotent: [
        rateLimit({ redis, keyPrefix: `${config.SERVICE_NAME}:submissions`, points: config.SUBMISSIONS_PER_MINUTE, durationSeconds: 60, key: (req) => req.auth.sub, logger }),
        idempotency({ redis, ttlSeconds: 24 * 3600, logger }),
      ],
      afterStored: (attemptId, event) => relay.kick(attemptId, [event]),
      afterScored: async (lessonId) => {
        await standingsCache.invalidate(lessonId);
      },
      standingsEdgeCacheSeconds: config.STANDINGS_EDGE_CACHE_SECONDS,
      cachedStandings: (lessonId, load) => standingsCache.getOrLoad<StandingRow[]>(lessonId, config.STANDINGS_CACHE_SECONDS, load),
    }),
  );
  app.use(erasure.routes);
  finishApp(app, logger);

  let server: Server | undefined;
  return {
    app,
    async start() {
      await subscribeQuizHandlers(bus, { answerKeys, attempts, announce: (id, gems) => announceOutcome(redis, id, gems), logger });
      await subscribeProfileHandler(bus, displayNames, erasure.unlessErased);
      await erasure.subscribe(bus);
      if (config.REQUEST_LESSONS_ON_START) {
        // Our queue is bound now: ask content to re-announce its lessons, so a fresh (or restored)
        // database learns every answer key it missed. lesson.created is applied idempotently.
        bus
          .publish(createEvent(LESSON_ANNOUNCEMENT_REQUESTED, { service: config.SERVICE_NAME }))
          .catch((err: unknown) => logger.warn({ err }, 'could not ask content to re-announce its lessons'));
      }
      relay.start();
      reconciler.start(config.RECONCILE_INTERVAL_MS);
      server = await listen(app, config.PORT, undefined, config.HOST);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    reconcile: () => reconciler.runOnce(),
    async stop() {
      if (server) await closeServer(server);
      await reconciler.stop();
      await relay.stop();
      await bus.close();
      subscriber.disconnect();
      // Redis may be unreachable while stopping: do not let that fail the shutdown.
      await redis.quit().catch(() => redis.disconnect());
      await db.close();
    },
  };
}
