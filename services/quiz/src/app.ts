import { createEvent, type StandingRow } from '@kidslearn/contracts';
import { createLogger, type Logger } from '@kidslearn/lib-core';
import { createCache, rateLimit } from '@kidslearn/lib-redis';
import { createService } from '@kidslearn/lib-service';
import type { QuizConfig } from './config';
import { answerKeyRepository } from './data-access/answer-keys';
import { attemptReconciler } from './data-access/attempt-reconciler';
import { attemptRepository } from './data-access/attempts';
import { bestRepository } from './data-access/bests';
import { displayNameRepository } from './data-access/display-names';
import { learnerDataRepository } from './data-access/learner-data';
import { announceOutcome, announcedGems, createOutcomeWaiter } from './data-access/outcomes';
import { loadRowKey } from './data-access/row-key';
import { quizRoutes } from './entry-points/http/routes';
import { quizHandlers } from './entry-points/messaging/handlers';
import { createLearnerErasure } from './learner-erasure';
import { openApiDocument } from './openapi';

/** The quiz service, unstarted (tests start it in-process; start.ts as a process). */
export function buildService(config: QuizConfig, logger: Logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL)) {
  return createService(config, logger, {
    openApi: openApiDocument,
    async wire({ db, redis, bus, auth, app, outbox, handle, onStart, onStop }) {
      const answerKeys = answerKeyRepository(db);
      const attempts = attemptRepository(db, outbox);
      const displayNames = displayNameRepository(db);
      const bests = bestRepository(db, { rowKey: await loadRowKey(db), namesOf: displayNames.namesOf });
      await Promise.all([answerKeys.model.init(), attempts.model.init(), bests.model.init(), displayNames.model.init()]);
      // Outcome announcements need a connection of their own (a subscribed Redis connection runs nothing else).
      const subscriber = redis.duplicate();
      subscriber.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis subscriber error'));
      onStop(() => subscriber.disconnect());
      const standingsCache = createCache(redis, { prefix: `${config.SERVICE_NAME}:standings:` });
      const standingsChanged = async (lessonId: string) => void (await standingsCache.invalidate(lessonId));
      const learnerData = learnerDataRepository({ attempts, bests, displayNames });
      const selfOrAdmin = [auth.authenticate, auth.requireSelfOrAdmin('email')];
      const erasure = await createLearnerErasure({ db, learnerData, standingsChanged, selfOrAdmin, logger });

      app.use(
        quizRoutes({
          answerKeys,
          attempts,
          bests,
          outcomes: createOutcomeWaiter(subscriber),
          announcedGems,
          standingsChanged,
          outcomeTimeoutMs: config.OUTCOME_TIMEOUT_MS,
          learner: [auth.authenticate, auth.requireLearner, erasure.guard],
          signedIn: [auth.authenticate],
          limited: [rateLimit({ redis, keyPrefix: `${config.SERVICE_NAME}:submissions`, points: config.SUBMISSIONS_PER_MINUTE, durationSeconds: 60, key: (req) => req.auth.sub, logger })],
          standingsEdgeCacheSeconds: config.STANDINGS_EDGE_CACHE_SECONDS,
          cachedStandings: (lessonId, load) => standingsCache.getOrLoad<StandingRow[]>(lessonId, config.STANDINGS_CACHE_SECONDS, load),
        }),
      );
      app.use(erasure.routes);
      handle(
        quizHandlers({
          answerKeys,
          attempts,
          displayNames,
          erasures: erasure.erasures,
          learnerData,
          standingsChanged,
          announce: (attemptId, gems) => announceOutcome(redis, attemptId, gems),
          unlessErased: erasure.unlessErased,
          namesChanged: async () => void (await standingsCache.invalidate('')),
        }),
      );

      const reconciler = attemptReconciler(attempts, { logger, afterMs: config.RECONCILE_AFTER_MS, maxRedrives: config.RECONCILE_MAX_REDRIVES });
      onStart(() => reconciler.start(config.RECONCILE_INTERVAL_MS));
      onStop(() => reconciler.stop());
      if (config.REQUEST_LESSONS_ON_START) {
        // Our queue is bound now: ask content to re-announce its lessons, so a fresh (or restored) database
        // learns every answer key it missed. lesson.created is applied idempotently.
        onStart(() => {
          bus.publish(createEvent('lesson.announcement.requested', { service: config.SERVICE_NAME })).catch((err: unknown) => logger.warn({ err }, 'could not ask content to re-announce its lessons'));
        });
      }
      return {
        /** One reconciler pass now (tests, operators); resolves with the attempts re-driven. */
        reconcile: () => reconciler.runOnce(),
      };
    },
  });
}
export type QuizService = Awaited<ReturnType<typeof buildService>>;
