import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '@kidslearn/lib-core';
import { createApp, finishApp, listen, closeServer, serveOpenApi } from '@kidslearn/lib-http';
import { createAuth } from '@kidslearn/lib-auth';
import { connectMongo, createErasureLog, createOutboxRelay } from '@kidslearn/lib-mongo';
import { EventBus } from '@kidslearn/lib-events';
import { connectRedis, idempotency } from '@kidslearn/lib-redis';
import type { GemsConfig } from './config';
import { balanceRepository } from './data-access/balances';
import { learnerDataRepository } from './data-access/learner-data';
import { learnerDataRoutes } from './entry-points/http/learner-data-routes';
import { gemsRoutes } from './entry-points/http/routes';
import { subscribeGemsHandlers } from './entry-points/messaging/handlers';
import { openApiDocument } from './openapi';

export interface GemsService {
  app: Express;
  /** consumers, outbox relay and the HTTP server; resolves with the base URL */
  start(): Promise<string>;
  stop(): Promise<void>;
}

export async function buildService(config: GemsConfig, logger: Logger = createLogger(config.SERVICE_NAME)): Promise<GemsService> {
  const db = await connectMongo(config.MONGO_URL, logger);
  const redis = connectRedis(config.REDIS_URL, logger);
  const bus = await EventBus.connect({ url: config.AMQP_URL, serviceName: config.SERVICE_NAME, logger });

  // Each applied change hands its events to the relay, which publishes them before reading back.
  const balances = balanceRepository(db, { onCommitted: (email, events) => relay.kick(email, events) });
  await balances.init();
  const erasures = createErasureLog(db);
  await erasures.model.init();
  await erasures.load();
  const learnerData = learnerDataRepository(balances);
  const relay = createOutboxRelay({ model: balances.model, bus, logger });
  const auth = createAuth({ keycloakUrl: config.KEYCLOAK_URL, issuerUrl: config.KEYCLOAK_ISSUER_URL, realm: config.KEYCLOAK_REALM });

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
    gemsRoutes({
      balances,
      selfOrAdmin: [auth.authenticate, auth.requireSelfOrAdmin('email')],
      admin: [auth.authenticate, auth.requireAdmin],
      idempotent: [idempotency({ redis, ttlSeconds: 24 * 3600 })],
    }),
  );
  app.use(learnerDataRoutes({ learnerData, selfOrAdmin: [auth.authenticate, auth.requireSelfOrAdmin('email')] }));
  finishApp(app, logger);

  let server: Server | undefined;
  return {
    app,
    async start() {
      await subscribeGemsHandlers(bus, { balances, erasures, learnerData });
      relay.start();
      server = await listen(app, config.PORT, undefined, config.HOST);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      if (server) await closeServer(server);
      await relay.stop();
      await bus.close();
      await redis.quit();
      await db.close();
    },
  };
}
