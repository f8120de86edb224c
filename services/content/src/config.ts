import path from 'node:path';
import { z } from 'zod';
import { PARENT_CONSENT_MODES } from '@kidslearn/contracts';
import { commonConfig, loadConfig } from '@kidslearn/lib-core';

const flag = z.enum(['true', 'false']).default('false').transform((v) => v === 'true');

export const contentConfigSchema = z.object({
  ...commonConfig,
  SERVICE_NAME: z.string().min(1).default('content'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  MONGO_URL: commonConfig.MONGO_URL.default('mongodb://127.0.0.1:27017/kidslearn-content'),
  // The browser's origin for this service's files (avatars, photos): the gateway.
  PUBLIC_URL: z.url().default('http://localhost:4000'),
  KEYCLOAK_BACKEND_CLIENT_ID: z.string().min(1).default('kidslearn-backend'),
  // The kidslearn-backend client's secret: the operator's (compose) or the local runner's machine secret; no default.
  KEYCLOAK_BACKEND_SECRET: z.string().min(16),
  SEED_DEMO_DATA: flag,
  // Re-announce lesson.created for every lesson at start-up, so a quiz database that is fresh while
  // this one is not still learns every answer key (quiz applies it idempotently).
  ANNOUNCE_LESSONS_ON_START: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  // The avatar SVGs; set in the container image, where the code is bundled.
  ASSETS_DIR: z.string().min(1).default(path.resolve(__dirname, '../assets')),
  /** Reviews per signed-in account per window. */
  REVIEW_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Reviews per address without an account per window: a school behind one address shares it. */
  REVIEW_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(50),
  REVIEW_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Registrations per client address per window: high enough for a whole school behind one address. */
  REGISTRATION_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  REGISTRATION_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Registrations per email address per window (REGISTRATION_RATE_WINDOW_SECONDS), whatever the client. */
  REGISTRATION_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  REVIEWS_CACHE_SECONDS: z.coerce.number().int().min(1).default(30),
  LESSONS_CACHE_SECONDS: z.coerce.number().int().min(1).default(300),
  /** How long the gateway may serve the visitors' lesson list from its edge cache. */
  LESSONS_EDGE_CACHE_SECONDS: z.coerce.number().int().min(0).default(5),
  /** Where a learner's export reads the other services' parts (internal `GET /learner-data/{email}`). */
  QUIZ_URL: z.url().default('http://127.0.0.1:4002'),
  GEMS_URL: z.url().default('http://127.0.0.1:4003'),
  GIFTS_URL: z.url().default('http://127.0.0.1:4004'),
  /** Retention (README "Erase, export, retention"): days reviewers' emails and never-verified registrations are kept; pass interval (0 = off; off under Jest unless set). */
  REVIEW_EMAIL_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  UNVERIFIED_ACCOUNT_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),
  /** Families: where the consent mail's link points (the portal's origin). */
  PORTAL_URL: z.url().default('http://localhost:3000'),
  /** required: a child's photo, standings row and gifts wait for a parent's consent (operator stack); optional: they do not. */
  PARENT_CONSENT: z.enum(PARENT_CONSENT_MODES).default('optional'),
  /** Days the consent mail's link works; an invitation nobody answered is then removed. */
  FAMILY_INVITE_DAYS: z.coerce.number().int().min(1).max(60).default(14),
  /** Anonymous family requests (invitation reads, parent sign-ups) per client address per registration window. */
  FAMILY_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  /** Parent invitations a learner may send per hour (each is a mail to an address they typed). */
  FAMILY_INVITE_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** The SMTP server Keycloak also uses (compose: the operator's; locally maildev). */
  SMTP_HOST: z.string().min(1).default('localhost'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().min(3).default('no-reply@kidslearn.test'),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(0).default(process.env.NODE_ENV === 'test' ? 0 : 60 * 60_000),
});

export type ContentConfig = z.infer<typeof contentConfigSchema>;

export function loadContentConfig(env: Record<string, string | undefined> = process.env): ContentConfig {
  return loadConfig(contentConfigSchema, env);
}
