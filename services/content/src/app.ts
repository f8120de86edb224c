import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '@kidslearn/lib-core';
import { closeServer, createApp, finishApp, listen, serveOpenApi } from '@kidslearn/lib-http';
import { createAuth, createKeycloakAdmin } from '@kidslearn/lib-auth';
import { connectMongo, createOutboxRelay, mongoReady } from '@kidslearn/lib-mongo';
import { EventBus } from '@kidslearn/lib-events';
import { callerRateLimit, connectRedis, createCache, rateLimit } from '@kidslearn/lib-redis';
import type { ContentConfig } from './config';
import { createAvatarsStore } from './data-access/avatars-store';
import { createIdentityAdmin } from './data-access/identity-admin';
import { createKeycloakAdminRoster } from './data-access/keycloak-admin-roster';
import { createLessonsStore } from './data-access/lessons-store';
import { createModels } from './data-access/models';
import { createPhotosStore } from './data-access/photos-store';
import { createReviewsStore } from './data-access/reviews-store';
import { createRoleChangeLock } from './data-access/role-change-lock';
import { createUsersStore } from './data-access/users-store';
import { adminReviewsRoutes } from './entry-points/http/admin-reviews-routes';
import { avatarsRoutes } from './entry-points/http/avatars-routes';
import type { HttpDeps } from './entry-points/http/deps';
import { filesRoutes } from './entry-points/http/files-routes';
import { lessonsRoutes } from './entry-points/http/lessons-routes';
import { registrationRoutes } from './entry-points/http/registration-routes';
import { reviewsRoutes } from './entry-points/http/reviews-routes';
import { usersRoutes } from './entry-points/http/users-routes';
import { subscribeToEvents } from './entry-points/messaging/gems-balance-consumer';
import { createLessonAnnouncer, subscribeToAnnouncementRequests } from './entry-points/messaging/lesson-announcer';
import { createLearnerErasure } from './learner-erasure';
import { openApiDocument } from './openapi';
import { seedDemoData } from './seed/seed-demo-data';

export interface ContentService {
  app: Express;
  /** Seeds (when asked), starts the consumer, the outbox relays and the HTTP server; resolves with the base URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
  /** One retention pass now (tests, operators), as of `now`. */
  retention(now?: Date): Promise<{ reviewEmails: number; unverifiedAccounts: number }>;
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
  const keycloakClient = createKeycloakAdmin(keycloakAdmin);
  const identity = createIdentityAdmin(keycloakClient);
  // Keys are per service name, so parallel test instances never share caches or counters.
  const prefix = `${config.SERVICE_NAME}:`;
  const byIp = (req: { ip?: string }) => req.ip ?? 'unknown';

  const deps: HttpDeps = {
    config,
    logger,
    guards: auth,
    cache: createCache(redis, { prefix: `${prefix}cache:` }),
    rateLimits: {
      review: callerRateLimit({
        redis,
        keyPrefix: `${prefix}review`,
        accountPoints: config.REVIEW_RATE_LIMIT,
        ipPoints: config.REVIEW_IP_RATE_LIMIT,
        durationSeconds: config.REVIEW_RATE_WINDOW_SECONDS,
        logger,
      }),
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
    admins: createKeycloakAdminRoster(keycloakClient),
    roleLock: createRoleChangeLock(models),
    flushOutbox,
  };
  // Erase, export, retention (README): its own routes, the guard of POST /users, a relay for learner.erased.
  const erasure = await createLearnerErasure({ db, models, users: stores.users, identity, keycloak: keycloakClient, bus, cache: deps.cache, guards: auth, config, logger });
  relays.push(erasure.relay);

  const app = createApp({
    name: config.SERVICE_NAME,
    logger,
    trustProxy: config.TRUST_PROXY,
    readiness: { mongo: mongoReady(db), redis: async () => void (await redis.ping()), rabbitmq: () => bus.check() },
  });
  serveOpenApi(app, openApiDocument);
  app.post('/users', auth.authenticate, erasure.guard);
  app.use(erasure.routes);
  for (const routes of [lessonsRoutes, reviewsRoutes, adminReviewsRoutes, avatarsRoutes, usersRoutes, registrationRoutes, filesRoutes]) app.use(routes(deps));
  finishApp(app, logger);

  const announcer = createLessonAnnouncer(stores.lessons, bus, logger);

  let server: Server | undefined;
  return {
    app,
    async start() {
      if (config.SEED_DEMO_DATA) await seedDemoData(stores, logger);
      stores.users.warmDirectory();
      await subscribeToEvents(bus, stores.users, logger, erasure.unlessErased);
      await subscribeToAnnouncementRequests(bus, announcer);
      if (config.ANNOUNCE_LESSONS_ON_START) {
        // Read before the relays start, so a lesson whose event is still in its outbox is published once (by the relay).
        const snapshot = await stores.lessons.announcements();
        announcer.announce('start-up', snapshot).catch((err: unknown) => logger.error({ err }, 'lessons could not be re-announced'));
      }
      relays.forEach((relay) => relay.start());
      erasure.retention.start(config.RETENTION_INTERVAL_MS);
      server = await listen(app, config.PORT, undefined, config.HOST);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    retention: (now) => erasure.retention.runOnce(now),
    async stop() {
      if (server) await closeServer(server);
      await erasure.retention.stop();
      await Promise.all(relays.map((relay) => relay.stop()));
      await bus.close();
      await announcer.idle();
      await redis.quit();
      await db.close();
    },
  };
}
