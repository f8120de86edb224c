import { createKeycloakAdmin } from '@kidslearn/lib-auth';
import { createLogger, type Logger } from '@kidslearn/lib-core';
import { callerRateLimit, createBroadcast, createCache, rateLimit } from '@kidslearn/lib-redis';
import { createService } from '@kidslearn/lib-service';
import type { ContentConfig } from './config';
import { createAvatarsStore } from './data-access/avatars-store';
import { createFamilyMailer } from './data-access/family-mailer';
import { createFamilyStore } from './data-access/family-store';
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
import { CACHE_KEYS, type HttpDeps } from './entry-points/http/deps';
import { familyRoutes } from './entry-points/http/family-routes';
import { filesRoutes } from './entry-points/http/files-routes';
import { lessonsRoutes } from './entry-points/http/lessons-routes';
import { registrationRoutes } from './entry-points/http/registration-routes';
import { reviewsRoutes } from './entry-points/http/reviews-routes';
import { usersRoutes } from './entry-points/http/users-routes';
import { contentHandlers } from './entry-points/messaging/handlers';
import { createLessonAnnouncer } from './entry-points/messaging/lesson-announcer';
import { createLearnerErasure } from './learner-erasure';
import { openApiDocument } from './openapi';
import { seedDemoData } from './seed/seed-demo-data';

/** The content service, unstarted (tests start it in-process; start.ts as a process). */
export function buildService(config: ContentConfig, logger: Logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL)) {
  return createService(config, logger, {
    openApi: openApiDocument,
    async wire({ db, redis, bus, auth, app, outbox, handle, onStart, onStop }) {
      const models = createModels(db);
      await Promise.all(Object.values(models).map((model) => model.init()));
      // Keys are per service name, so parallel test instances never share caches, counters or broadcasts.
      const prefix = `${config.SERVICE_NAME}:`;
      const usersChanged = createBroadcast(redis, `${prefix}users-changed`, logger);
      onStop(() => usersChanged.close());
      const stores = {
        lessons: createLessonsStore(outbox(models.Lesson)),
        reviews: createReviewsStore(models),
        avatars: createAvatarsStore(models, config.PUBLIC_URL),
        users: createUsersStore(outbox(models.User), { changes: usersChanged, onDirectoryError: (err) => logger.warn({ err }, 'users directory refresh failed; the last one is served') }),
        photos: createPhotosStore(models, config.PUBLIC_URL),
      };
      const keycloakClient = createKeycloakAdmin({
        keycloakUrl: config.KEYCLOAK_URL,
        realm: config.KEYCLOAK_REALM,
        clientId: config.KEYCLOAK_BACKEND_CLIENT_ID,
        clientSecret: config.KEYCLOAK_BACKEND_SECRET,
      });
      const identity = createIdentityAdmin(keycloakClient);
      const byIp = (req: { ip?: string }) => req.ip ?? 'unknown';
      const deps: HttpDeps = {
        config,
        logger,
        guards: auth,
        cache: createCache(redis, { prefix: `${prefix}cache:` }),
        rateLimits: {
          review: callerRateLimit({ redis, keyPrefix: `${prefix}review`, accountPoints: config.REVIEW_RATE_LIMIT, ipPoints: config.REVIEW_IP_RATE_LIMIT, durationSeconds: config.REVIEW_RATE_WINDOW_SECONDS, logger }),
          registration: rateLimit({ redis, keyPrefix: `${prefix}registration`, points: config.REGISTRATION_RATE_LIMIT, durationSeconds: config.REGISTRATION_RATE_WINDOW_SECONDS, key: byIp, logger }),
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
      };
      const families = createFamilyStore(db, outbox);
      await families.init();
      // Erase, export, retention (README): its own routes, the guard of POST /users, learner.erased in the tombstones' outbox.
      const erasure = await createLearnerErasure({ db, models, users: stores.users, identity, keycloak: keycloakClient, outboxOf: outbox, cache: deps.cache, families, guards: auth, config, logger });
      const invitations = {
        families,
        identity,
        sendMail: createFamilyMailer({ host: config.SMTP_HOST, port: config.SMTP_PORT, user: config.SMTP_USER, password: config.SMTP_PASSWORD, from: config.SMTP_FROM }),
        portalUrl: config.PORTAL_URL,
        inviteDays: config.FAMILY_INVITE_DAYS,
        consentMode: config.PARENT_CONSENT,
        logger,
      };
      deps.invitations = invitations;
      deps.families = families;

      app.post('/users', auth.authenticate, erasure.guard);
      app.use(erasure.routes);
      app.use(
        familyRoutes({
          guards: auth,
          invitations,
          family: { families, users: stores.users, erase: erasure.eraseDeps, export: erasure.exportDeps, logger },
          users: stores.users,
          anonymousLimit: rateLimit({ redis, keyPrefix: `${prefix}family`, points: config.FAMILY_RATE_LIMIT, durationSeconds: config.REGISTRATION_RATE_WINDOW_SECONDS, key: byIp, logger }),
          inviteLimit: rateLimit({ redis, keyPrefix: `${prefix}family-invite`, points: config.FAMILY_INVITE_RATE_LIMIT, durationSeconds: 3600, key: (req) => req.auth.email, logger }),
        }),
      );
      for (const routes of [lessonsRoutes, reviewsRoutes, adminReviewsRoutes, avatarsRoutes, usersRoutes, registrationRoutes, filesRoutes]) app.use(routes(deps));

      const announcer = createLessonAnnouncer(stores.lessons, bus, logger);
      onStop(() => announcer.idle());
      handle(contentHandlers({ users: stores.users, announcer, unlessErased: erasure.unlessErased, logger }));

      if (config.SEED_DEMO_DATA) {
        // A lesson the seed wrote must not wait for the cached list (shared by the instances) to expire.
        onStart(async () => {
          if (await seedDemoData(stores, logger)) await deps.cache.invalidate(CACHE_KEYS.lessons);
        });
      }
      onStart(() => stores.users.startDirectory());
      if (config.ANNOUNCE_LESSONS_ON_START) {
        // A consumer whose database is fresh learns every lesson (lesson.created is applied idempotently).
        onStart(() => void announcer.announce('start-up').catch((err: unknown) => logger.error({ err }, 'lessons could not be re-announced')));
      }
      onStart(() => erasure.retention.start(config.RETENTION_INTERVAL_MS));
      onStop(() => erasure.retention.stop());
      return {
        /** One retention pass now (tests, operators), as of `now`. */
        retention: (now?: Date) => erasure.retention.runOnce(now),
      };
    },
  });
}
export type ContentService = Awaited<ReturnType<typeof buildService>>;
