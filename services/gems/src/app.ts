import { createLogger, type Logger } from '@kidslearn/lib-core';
import { idempotency } from '@kidslearn/lib-redis';
import { createFamilyLinks, createService } from '@kidslearn/lib-service';
import type { GemsConfig } from './config';
import { familyRoutes } from './entry-points/http/family-routes';
import { learnerDataRoutes } from './entry-points/http/learner-data-routes';
import { gemsRoutes } from './entry-points/http/routes';
import { gemsHandlers } from './entry-points/messaging/handlers';
import { createLearnerStores } from './learner-stores';
import { openApiDocument } from './openapi';

/** The gems service, unstarted (tests start it in-process; start.ts as a process). */
export function buildService(config: GemsConfig, logger: Logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL)) {
  return createService(config, logger, {
    openApi: openApiDocument,
    async wire({ db, redis, auth, app, outbox, handle }) {
      const { erasures, balances, learnerData, unlessErased } = await createLearnerStores({ db, outboxOf: outbox, logger });
      // Families (issue 24): the links content decides, kept here for the parent's route.
      const familyLinks = createFamilyLinks(db);
      await familyLinks.init();
      const selfOrAdmin = [auth.authenticate, auth.requireSelfOrAdmin('email')];

      app.use(gemsRoutes({ balances, selfOrAdmin, admin: [auth.authenticate, auth.requireAdmin], idempotent: [idempotency({ redis, ttlSeconds: 24 * 3600 })] }));
      // The export's part: the learner, an admin, or (families) the learner's parent.
      app.use(learnerDataRoutes({ learnerData, selfOrAdmin: [auth.authenticate, familyLinks.requireSelfAdminOrParent('email')] }));
      app.use(familyRoutes({ balances, parentOfChild: [auth.authenticate, familyLinks.requireParentOf('linkId')] }));
      handle(
        gemsHandlers({
          balances,
          erasures,
          learnerData,
          familyLinks,
          unlessErased,
        }),
      );
      handle(familyLinks.handlers);
      return {};
    },
  });
}
export type GemsService = Awaited<ReturnType<typeof buildService>>;
