import { createEvent, type StandingRow } from '@kidslearn/contracts';
import { createLogger, type Logger } from '@kidslearn/lib-core';
import { createCache, rateLimit } from '@kidslearn/lib-redis';
import { createFamilyLinks, createService } from '@kidslearn/lib-service';
import type { QuizConfig } from './config';
import { answerKeyRepository } from './data-access/answer-keys';
import { attemptReconciler } from './data-access/attempt-reconciler';
import { attemptRepository } from './data-access/attempts';
import { bestRepository } from './data-access/bests';
import { consentedLearners } from './data-access/consented-learners';
import { dailyReviewRepository } from './data-access/daily-reviews';
import { displayNameRepository } from './data-access/display-names';
import { learnerDataRepository } from './data-access/learner-data';
import { announceOutcome, announcedGems, createOutcomeWaiter } from './data-access/outcomes';
import { ownAttemptsRepository } from './data-access/own-attempts';
import { practiceRepository } from './data-access/practice';
import { rankingCache } from './data-access/ranking-cache';
import { reviewScheduleRepository } from './data-access/review-schedule';
import { loadRowKey } from './data-access/row-key';
import { requestClock } from './entry-points/http/clock';
import { dailyReviewRoutes } from './entry-points/http/daily-review-routes';
import { familyRoutes } from './entry-points/http/family-routes';
import { learningRoutes } from './entry-points/http/learning-routes';
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
      // Families (issue 24): the links content decides; with PARENT_CONSENT=required only their children are ranked.
      const familyLinks = createFamilyLinks(db);
      const consentRequired = config.PARENT_CONSENT === 'required';
      const rankedAmong = consentRequired ? consentedLearners(familyLinks) : undefined;
      const ownBests = { cache: createCache(redis, { prefix: `${config.SERVICE_NAME}:own-bests:` }), ttlSeconds: config.STANDINGS_CACHE_SECONDS };
      const bests = bestRepository(db, { rowKey: await loadRowKey(db), namesOf: displayNames.namesOf, rankedAmong, ownBests });
      const practice = practiceRepository(db);
      const schedules = reviewScheduleRepository(db);
      const dailyReviews = dailyReviewRepository(db, outbox);
      const ownAttempts = ownAttemptsRepository({ attempts, bests });
      await Promise.all([answerKeys.model, attempts.model, bests.model, displayNames.model, practice.model, schedules.model, dailyReviews.model, familyLinks.model].map((model) => model.init()));
      // Outcome announcements need a connection of their own (a subscribed Redis connection runs nothing else).
      const subscriber = redis.duplicate();
      subscriber.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis subscriber error'));
      onStop(() => subscriber.disconnect());
      const standingsCache = createCache(redis, { prefix: `${config.SERVICE_NAME}:standings:` });
      // Every learner's place per lesson (a parent's view of a child), cached and dropped with the standings.
      const rankingsPrefix = `${config.SERVICE_NAME}:rankings:`;
      const rankingsCache = createCache(redis, { prefix: rankingsPrefix });
      const rankings = rankingCache(redis, { prefix: rankingsPrefix, ttlSeconds: config.STANDINGS_CACHE_SECONDS, load: (lessonIds) => bests.rankings(lessonIds) });
      const standingsChanged = async (lessonId: string) => void (await Promise.all([standingsCache.invalidate(lessonId), rankingsCache.invalidate(lessonId)]));
      // A consent given or withdrawn re-ranks every lesson (rare: a scan of the caches' keys is fine).
      const consentChanged = async () => {
        if (consentRequired) await Promise.all([standingsCache.invalidatePrefix(''), rankingsCache.invalidatePrefix('')]);
      };
      const learnerData = learnerDataRepository({ attempts, bests, displayNames, practice, reviewSchedule: schedules, dailyReviews });
      // The export's part: the learner, an admin, or (families) the learner's parent.
      const selfOrAdmin = [auth.authenticate, familyLinks.requireSelfAdminOrParent('email')];
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
      // Issue 21: after a quiz. The test clock (X-Test-Now) only where the config allows it (never in production).
      const now = requestClock(config.ALLOW_TEST_CLOCK);
      const learner = [auth.authenticate, auth.requireLearner, erasure.guard];
      app.use(learningRoutes({ answerKeys, ownAttempts, practice, bests, learner, now }));
      app.use(dailyReviewRoutes({ answerKeys, ownAttempts, schedules, dailyReviews, learner: [auth.authenticate, auth.requireLearner, erasure.writingReadGuard], now }));
      app.use(erasure.routes);
      app.use(familyRoutes({ bests, headings: answerKeys, rankings, parentOfChild: [auth.authenticate, familyLinks.requireParentOf('linkId')] }));
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
          // The cached standings of the lessons the learner is ranked in show the old name: those go.
          namesChanged: async (email) => void (await Promise.all((await bests.mine(email)).map(({ lessonId }) => standingsCache.invalidate(lessonId)))),
          familyLinks,
          linkHandlers: familyLinks.handlers,
          consentChanged,
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
