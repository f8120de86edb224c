import { createLogger, type Logger } from '@kidslearn/lib-core';
import { createErasureLog, writeUnlessErased } from '@kidslearn/lib-mongo';
import { idempotency } from '@kidslearn/lib-redis';
import { createService } from '@kidslearn/lib-service';
import type { GemsConfig } from './config';
import { balanceRepository } from './data-access/balances';
import { learnerDataRepository } from './data-access/learner-data';
import { learnerDataRoutes } from './entry-points/http/learner-data-routes';
import { gemsRoutes } from './entry-points/http/routes';
import { gemsHandlers } from './entry-points/messaging/handlers';
import { openApiDocument } from './openapi';

/** The gems service, unstarted (tests start it in-process; start.ts as a process). */
export function buildService(config: GemsConfig, logger: Logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL)) {
  return createService(config, logger, {
    openApi: openApiDocument,
    async wire({ db, redis, auth, app, outbox, handle }) {
      const balances = balanceRepository(db, outbox);
      await balances.init();
      const erasures = createErasureLog(db);
      await erasures.model.init();
      await erasures.load();
      const learnerData = learnerDataRepository(balances);
      const selfOrAdmin = [auth.authenticate, auth.requireSelfOrAdmin('email')];

      app.use(gemsRoutes({ balances, selfOrAdmin, admin: [auth.authenticate, auth.requireAdmin], idempotent: [idempotency({ redis, ttlSeconds: 24 * 3600 })] }));
      app.use(learnerDataRoutes({ learnerData, selfOrAdmin }));
      const eraseAgain = (email: string) => learnerData.erase(email);
      handle(
        gemsHandlers({
          balances,
          erasures,
          learnerData,
          unlessErased: (email, originatedAt, write) => writeUnlessErased(erasures, { email, originatedAt }, write, eraseAgain),
        }),
      );
      return {};
    },
  });
}
export type GemsService = Awaited<ReturnType<typeof buildService>>;
