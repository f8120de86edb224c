import { createLogger, type Logger } from '@kidslearn/lib-core';
import { createCache, rateLimit } from '@kidslearn/lib-redis';
import { createFamilyLinks, createService } from '@kidslearn/lib-service';
import type { GiftsConfig } from './config';
import { CATALOG_CACHE_KEY, createGiftCatalog } from './data-access/gift-catalog';
import { giftModel } from './data-access/gift-model';
import { createMonthlySpend, monthlySpendModel } from './data-access/monthly-spend';
import { createOutcomeChannel } from './data-access/outcome-channel';
import { createParentDecisions } from './data-access/parent-decisions';
import { redemptionModel } from './data-access/redemption-model';
import { redemptionOutcomes } from './data-access/redemption-outcomes';
import { redemptionReconciler } from './data-access/redemption-reconciler';
import { createRedemptionStore } from './data-access/redemption-store';
import { giftRoutes } from './entry-points/http/gift-routes';
import { familyRoutes } from './entry-points/http/family-routes';
import { adminGuard, learnerGuard, parentGuard } from './entry-points/http/guards';
import { learnerDataRoutes } from './entry-points/http/learner-data-routes';
import { redemptionRoutes } from './entry-points/http/redemption-routes';
import { familyHandlers } from './entry-points/messaging/family-handlers';
import { giftsHandlers } from './entry-points/messaging/handlers';
import { createLearnerErasure } from './learner-erasure';
import { openApiDocument } from './openapi';
import { seedGifts } from './seed/seed-gifts';

/** The gifts service, unstarted (tests start it in-process; start.ts as a process). */
export function buildService(config: GiftsConfig, logger: Logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL)) {
  return createService(config, logger, {
    openApi: openApiDocument,
    async wire({ db, redis, auth, app, outbox, handle, onStart, onStop }) {
      const gifts = giftModel(db);
      const redemptions = redemptionModel(db);
      const spendCounters = monthlySpendModel(db);
      // Families: the parent–child links content announces (consent, "Approve gifts", the monthly cap).
      const links = createFamilyLinks(db);
      await Promise.all([gifts.init(), redemptions.init(), spendCounters.init(), links.init()]);
      const cache = createCache(redis, { prefix: `${config.SERVICE_NAME}:` });
      const catalog = createGiftCatalog(gifts, cache, config.PUBLIC_URL);
      const redemptionOutbox = outbox(redemptions);
      const store = createRedemptionStore(redemptionOutbox);
      const spend = createMonthlySpend(spendCounters);
      const decisions = createParentDecisions(redemptionOutbox);
      const outcomes = createOutcomeChannel(redis);
      onStop(() => outcomes.close());
      const erasure = await createLearnerErasure(db, redemptions, config, logger);
      const learner = learnerGuard(auth);

      app.use(giftRoutes(catalog, config.ASSETS_DIR));
      // A per-learner limit, then a token from before its learner's erasure redeems nothing (lib-mongo erasures.ts).
      const limited = rateLimit({ redis, keyPrefix: `${config.SERVICE_NAME}:redemptions`, points: config.REDEMPTIONS_PER_MINUTE, durationSeconds: 60, key: (r) => r.auth.sub, logger });
      app.post('/redemptions', ...learner, limited, erasure.guard);
      // The learner, an admin, or (families) the learner's parent, for the child's export.
      app.use(learnerDataRoutes(erasure.learnerData, [auth.authenticate, links.requireSelfAdminOrParent('email')]));
      const redeemDeps = { catalog, redemptions: store, outcomes: outcomes.waiter, waitMs: config.REDEMPTION_WAIT_MS, family: links, consent: config.PARENT_CONSENT, spend };
      app.use(redemptionRoutes(redeemDeps, { learner, admin: adminGuard(auth) }));
      app.use(familyRoutes({ redemptions: store, decisions, family: links, spend, links }, { authenticate: auth.authenticate, parent: parentGuard(auth) }));
      handle(
        giftsHandlers({
          recordOutcome: redemptionOutcomes(redemptions),
          outcomes: outcomes.waiter,
          spend,
          erasures: erasure.erasures,
          learnerData: erasure.learnerData,
          familyLinks: links,
        }),
      );
      handle(familyHandlers(links, { decisions, family: links, spend }));

      // The catalog is seeded from src/data/Gift.json at every start (idempotent), then served afresh.
      onStart(async () => {
        await seedGifts(gifts);
        await cache.invalidate(CATALOG_CACHE_KEY);
      });
      const reconciler = redemptionReconciler(redemptionOutbox, { logger, afterMs: config.RECONCILE_AFTER_MS, maxRedrives: config.RECONCILE_MAX_REDRIVES });
      onStart(() => reconciler.start(config.RECONCILE_INTERVAL_MS));
      onStop(() => reconciler.stop());
      onStart(() => erasure.retention.start(config.RETENTION_INTERVAL_MS));
      onStop(() => erasure.retention.stop());
      return {
        /** One reconciler pass now (tests, operators); resolves with the redemptions re-driven. */
        reconcile: () => reconciler.runOnce(),
        /** One retention pass now, as of `now` (tests, operators); resolves with the addresses removed. */
        retention: (now?: Date) => erasure.retention.runOnce(now),
      };
    },
  });
}
export type GiftsService = Awaited<ReturnType<typeof buildService>>;
