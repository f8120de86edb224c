import { createLogger, type Logger } from '@kidslearn/lib-core';
import { createAuth } from '@kidslearn/lib-auth';
import { EventBus } from '@kidslearn/lib-events';
import { createApp, finishApp, serveOpenApi } from '@kidslearn/lib-http';
import { connectMongo, createOutboxRelay, type Reconciler } from '@kidslearn/lib-mongo';
import { connectRedis, createCache, rateLimit, type Redis } from '@kidslearn/lib-redis';
import type { RequestHandler } from 'express';
import type { Connection } from 'mongoose';
import type { GiftsConfig } from './config';
import { CATALOG_CACHE_KEY, createGiftCatalog } from './data-access/gift-catalog';
import { giftModel } from './data-access/gift-model';
import { createOutcomeChannel } from './data-access/outcome-channel';
import { redemptionModel } from './data-access/redemption-model';
import { redemptionReconciler } from './data-access/redemption-reconciler';
import { createRedemptionStore } from './data-access/redemption-store';
import { createSettleRedemption } from './data-access/settle-redemption';
import { giftRoutes } from './entry-points/http/gift-routes';
import { learnerGuard, adminGuard } from './entry-points/http/guards';
import { learnerDataRoutes } from './entry-points/http/learner-data-routes';
import { redemptionRoutes, type RedemptionRouteDeps } from './entry-points/http/redemption-routes';
import { GEMS_OUTCOME_EVENTS, gemsOutcomeHandler } from './entry-points/messaging/gems-outcome-consumer';
import { createLearnerErasure, type LearnerErasure } from './learner-erasure';
import { openApiDocument } from './openapi';
import { seedGifts } from './seed/seed-gifts';
import type { GiftCatalog } from './domain/ports';

type Running = {
  mongo: Connection;
  redis: Redis;
  bus: EventBus;
  relay: ReturnType<typeof createOutboxRelay>;
  reconciler: Reconciler;
  outcomes: ReturnType<typeof createOutcomeChannel>;
  deps: RedemptionRouteDeps;
  erasure: LearnerErasure;
};

/**
 * The gifts service, startable in-process (tests) or from start.ts. Routes exist from the start;
 * they answer 503 until start() has connected FerretDB, Redis and RabbitMQ.
 */
export function buildService(config: GiftsConfig, logger: Logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL)) {
  let running: Running | undefined;
  const ready = (): Running => {
    if (!running) throw Object.assign(new Error('gifts service not started'), { status: 503, expose: true });
    return running;
  };

  const app = createApp({
    name: config.SERVICE_NAME,
    logger,
    trustProxy: config.TRUST_PROXY,
    readiness: {
      mongo: async () => {
        await ready().mongo.db?.admin().ping();
      },
      redis: async () => {
        await ready().redis.ping();
      },
      rabbitmq: () => ready().bus.check(),
    },
  });
  const auth = createAuth({ keycloakUrl: config.KEYCLOAK_URL, issuerUrl: config.KEYCLOAK_ISSUER_URL, realm: config.KEYCLOAK_REALM });
  serveOpenApi(app, openApiDocument);
  app.use(giftRoutes(() => ready().deps.catalog as GiftCatalog, config.ASSETS_DIR));
  // A per-learner limit on POST /redemptions (its Redis exists once start() ran; fail-open without it).
  let redemptionLimit: RequestHandler | undefined;
  const limitRedemptions: RequestHandler = (req, res, next) => {
    redemptionLimit ??= rateLimit({ redis: ready().redis, keyPrefix: `${config.SERVICE_NAME}:redemptions`, points: config.REDEMPTIONS_PER_MINUTE, durationSeconds: 60, key: (r) => r.auth.sub, logger });
    return redemptionLimit(req, res, next);
  };
  // A token from before its learner's erasure redeems nothing (lib-mongo erasures.ts).
  const refuseErased: RequestHandler = (req, res, next) => ready().erasure.guard(req, res, next);
  app.post('/redemptions', ...learnerGuard(auth), limitRedemptions, refuseErased);
  app.use(learnerDataRoutes(() => ready().erasure.learnerData, [auth.authenticate, auth.requireSelfOrAdmin('email')]));
  app.use(redemptionRoutes(() => ready().deps, { learner: learnerGuard(auth), admin: adminGuard(auth) }));
  finishApp(app, logger);

  async function start(): Promise<void> {
    const mongo = await connectMongo(config.MONGO_URL, logger);
    const redis = connectRedis(config.REDIS_URL, logger);
    const gifts = giftModel(mongo);
    const redemptions = redemptionModel(mongo);
    await Promise.all([gifts.init(), redemptions.init()]);
    const cache = createCache(redis, { prefix: `${config.SERVICE_NAME}:` });
    await seedGifts(gifts);
    await cache.invalidate(CATALOG_CACHE_KEY);

    const bus = await EventBus.connect({ url: config.AMQP_URL, serviceName: config.SERVICE_NAME, logger });
    const relay = createOutboxRelay({ model: redemptions, bus, logger });
    const outcomes = createOutcomeChannel(redis);
    await bus.subscribe([...GEMS_OUTCOME_EVENTS], gemsOutcomeHandler(createSettleRedemption(redemptions), outcomes.announce));
    const erasure = await createLearnerErasure(mongo, redemptions, config, logger);
    await erasure.subscribe(bus);
    erasure.retention.start(config.RETENTION_INTERVAL_MS);
    relay.start();
    const reconciler = redemptionReconciler(redemptions, {
      logger,
      afterMs: config.RECONCILE_AFTER_MS,
      maxRedrives: config.RECONCILE_MAX_REDRIVES,
      afterWrite: (id, events) => relay.kick(id, events),
    });
    reconciler.start(config.RECONCILE_INTERVAL_MS);

    const store = createRedemptionStore(redemptions, (id, events) => relay.kick(id, events), config.PUBLIC_URL);
    running = {
      mongo,
      redis,
      bus,
      relay,
      reconciler,
      outcomes,
      deps: { catalog: createGiftCatalog(gifts, cache, config.PUBLIC_URL), redemptions: store, outcomes: outcomes.waiter, waitMs: config.REDEMPTION_WAIT_MS },
      erasure,
    };
    logger.info('gifts service started');
  }

  async function stop(): Promise<void> {
    const r = running;
    running = undefined;
    if (!r) return;
    await r.reconciler.stop();
    await r.erasure.retention.stop();
    await r.relay.stop();
    await r.bus.close();
    await r.outcomes.close();
    r.redis.disconnect();
    await r.mongo.close();
  }

  return { app, start, stop, internals: () => running };
}
export type GiftsService = ReturnType<typeof buildService>;
