import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '@kidslearn/lib-core';
import { closeServer, createApp, finishApp, listen, serveOpenApi } from '@kidslearn/lib-http';
import { createAuth, createKeycloakAdmin } from '@kidslearn/lib-auth';
import { connectMongo, createOutboxRelay, mongoReady } from '@kidslearn/lib-mongo';
import { EventBus } from '@kidslearn/lib-events';
import { connectRedis, createCache, rateLimit } from '@kidslearn/lib-redis';
import type { ContentConfig } from './config';
import { createAvatarsStore } from './data-access/avatars-store';
import { createIdentityAdmin } from './data-access/identity-admin';
import { createLessonsStore } from './data-access/lessons-store';
import { createModels } from './data-access/models';
import { createPhotosStore } from './data-access/photos-store';
import { createReviewsStore } from './data-access/reviews-store';
import { createUsersStore } from './data-access/users-store';
import { avatarsRoutes } from './entry-points/http/avatars-routes';
import type { HttpDeps } from './entry-points/http/deps';
import { filesRoutes } from './entry-points/http/files-routes';
import { lessonsRoutes } from './entry-points/http/lessons-routes';
import { registrationRoutes } from './entry-points/http/registration-routes';
import { reviewsRoutes } from './entry-points/http/reviews-routes';
import { usersRoutes } from './entry-points/http/users-routes';
import { subscribeToEvents } from './entry-points/messaging/gems-balance-consumer';
import { createLessonAnnouncer, subscribeToAnnouncementRequests } from './entry-points/messaging/lesson-announcer';
import { openApiDocument } from './openapi';
import { seedDemoData } from './seed/seed-demo-data';

export interface ContentService {
  app: Express;
  /** Seeds (when asked), starts the consumer, the outbox relays and the HTTP server; resolves with the base URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
}

export async function buildService(config: ContentConfig, logger: Logger = createLogger(config.SERVICE_NAME)): Promise<ContentService> {
  const db = await connectMongo(config.MONGO_URL, logger);
  const redis = connectRedis(config.REDIS_URL, logger);
  const bus = await EventBus.connect({ url: config.AMQP_URL, serviceName: config.SERVICE_NAME, logger });

  const models = createModels(db);
  await Promise.all(Object.values(models).map((model) => model.init()));
  const relays = [createOutboxRelay({ model: models.Lesson, bus, logger }), createOutboxRelay({ model: models.User, bus, logger })];
  const flushOutbox = () => relays.forEach((relay) => relay.kick());

  const stores = {
    lessons: createLessonsStore(models),
    reviews: createReviewsStore(models),
    avatars: createAvatarsStore(models, config.PUBLIC_URL),
    users: createUsersStore(models, { onDirectoryError: (err) => logger.warn({ err }, 'users directory reload failed; the last one is served') }),
    photos: createPhotosStore(models, config.PUBLIC_URL),
  };
  const auth = createAuth({ keycloakUrl: config.KEYCLOAK_URL, issuerUrl: config.KEYCLOAK_ISSUER_URL, realm: config.KEYCLOAK_REALM });
  const keycloakAdmin = {
    keycloakUrl: config.KEYCLOAK_URL,
    realm: config.KEYCLOAK_REALM,
    clientId: config.KEYCLOAK_BACKEND_CLIENT_ID,
    clientSecret: config.KEYCLOAK_BACKEND_SECRET,
  };
  const identity = createIdentityAdmin(createKeycloakAdmin(keycloakAdmin));
  // Keys are per service name, so parallel test instances never share caches or counters.
  const prefix = `${config.SERVICE_NAME}:`;
  const byIp = (req: { ip?: string }) => req.ip ?? 'unknown';

  const deps: HttpDeps = {
    config,
    logger,
    guards: auth,
    cache: createCache(redis, { prefix: `${prefix}cache:` }),
    rateLimits: {
      review: rateLimit({ redis, keyPrefix: `${prefix}review`, points: config.REVIEW_RATE_LIMIT, durationSeconds: config.REVIEW_RATE_WINDOW_SECONDS, key: byIp, logger }),
      registration: rateLimit({
        redis,
        keyPrefix: `${prefix}registration`,
        points: config.REGISTRATION_RATE_LIMIT,
        durationSeconds: config.REGISTRATION_RATE_WINDOW_SECONDS,
        key: byIp,
        logger,
      }),
      registrationPerAddress: rateLimit({
        redis,
        keyPrefix: `${prefix}registration-address`,
        points: config.REGISTRATION_ADDRESS_RATE_LIMIT,
        durationSeconds: config.REGISTRATION_RATE_WINDOW_SECONDS,
        key: (req) => String((req.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase(),
        logger,
      }),
    },
    ...stores,
    identity,
    flushOutbox,
  };

  const app = createApp({
    name: config.SERVICE_NAME,
    logger,
    readiness: { mongo: mongoReady(db), redis: async () => void (await redis.ping()), rabbitmq: () => bus.check() },
  });
  app.set('trust proxy', config.TRUST_PROXY);
  serveOpenApi(app, openApiDocument);
  for (const routes of [lessonsRoutes, reviewsRoutes, avatarsRoutes, usersRoutes, registrationRoutes, filesRoutes]) app.use(routes(deps));
  finishApp(app, logger);

  const announcer = createLessonAnnouncer(stores.lessons, bus, logger);

  let server: Server | undefined;
  return {
    app,
    async start() {
      if (config.SEED_DEMO_DATA) await seedDemoData(stores, logger);
      stores.users.warmDirectory();
      await subscribeToEvents(bus, stores.users, logger);
      await subscribeToAnnouncementRequests(bus, announcer);
      if (config.ANNOUNCE_LESSONS_ON_START) {
        // Read before the relays start, so a lesson whose event is still in its outbox is published once (by the relay).
        const snapshot = await stores.lessons.announcements();
        announcer.announce('start-up', snapshot).catch((err: unknown) => logger.error({ err }, 'lessons could not be re-announced'));
      }
      relays.forEach((relay) => relay.start());
      server = await listen(app, config.PORT);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      if (server) await closeServer(server);
      await Promise.all(relays.map((relay) => relay.stop()));
      await bus.close();
      await announcer.idle();
      await redis.quit();
      await db.close();
    },
  };
}
