import { z } from 'zod';
import { PARENT_CONSENT_MODES } from '@kidslearn/contracts';
import { commonConfig, loadConfig } from '@kidslearn/lib-core';

export const configSchema = z
  .object({
    ...commonConfig,
    SERVICE_NAME: z.string().min(1).default('quiz'),
    PORT: commonConfig.PORT.default(4002),
    MONGO_URL: commonConfig.MONGO_URL.default('mongodb://127.0.0.1:27017/kidslearn-quiz'),
    /** How long POST /quiz-results waits for gems.credited before answering without the new total. */
    OUTCOME_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
    /** Ask content at start-up to re-announce lesson.created for every lesson (answer keys this database missed). */
    REQUEST_LESSONS_ON_START: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
    /** Standings are also invalidated on every scored attempt; the TTL only bounds a rare stale race. */
    STANDINGS_CACHE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /**
     * How long the gateway may answer standings from its edge cache (per audience). Kept short: a learner
     * who just finished a quiz sees their row within this many seconds.
     */
    /** Quiz submissions one learner may make per minute (abuse bound; well above what a child can do). */
    SUBMISSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(240),
    STANDINGS_EDGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(1),
    /** Reconciler (services/README.md "Reconciler"): pass interval (0 = off; off under Jest unless set), N, re-drives per item. */
    RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(process.env.NODE_ENV === 'test' ? 0 : 60_000),
    RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(5 * 60_000),
    RECONCILE_MAX_REDRIVES: z.coerce.number().int().min(1).default(5),
    /**
     * Tests only (the local portal, the integration tests): a request's `X-Test-Now` header sets "now" for the
     * daily review and practice routes (entry-points/http/clock.ts). Refused with NODE_ENV=production.
     */
    ALLOW_TEST_CLOCK: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    /**
     * Families (issue 24): `required` ranks only learners a parent consented for (GET /standings and a parent's
     * view of a child's places); `optional` ranks every learner, as before consent existed.
     */
    PARENT_CONSENT: z.enum(PARENT_CONSENT_MODES).default('optional'),
    NODE_ENV: z.string().optional(),
  })
  .refine((config) => !(config.ALLOW_TEST_CLOCK && config.NODE_ENV === 'production'), {
    message: 'must not be true in production (NODE_ENV=production): it lets a request set the clock',
    path: ['ALLOW_TEST_CLOCK'],
  });
export type QuizConfig = z.infer<typeof configSchema>;

export const readConfig = (env?: Record<string, string | undefined>): QuizConfig => loadConfig(configSchema, env);
