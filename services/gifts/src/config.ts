import path from 'node:path';
import { PARENT_CONSENT_MODES } from '@kidslearn/contracts';
import { commonConfig, loadConfig } from '@kidslearn/lib-core';
import { z } from 'zod';

export const configSchema = z.object({
  ...commonConfig,
  SERVICE_NAME: z.string().min(1).default('gifts'),
  PORT: commonConfig.PORT.default(4004),
  MONGO_URL: commonConfig.MONGO_URL.default('mongodb://127.0.0.1:27017/kidslearn-gifts'),
  /** How long POST /redemptions waits for gems' answer before replying 202 processing. */
  REDEMPTION_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(5000),
  /** Redemptions one learner may request per minute (abuse bound; well above what a child can do). */
  REDEMPTIONS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** The browser's origin for this service's images (the gateway); gift images are absolute URLs on it. */
  PUBLIC_URL: z.url().default('http://localhost:4000'),
  /** Where the gift SVGs live (next to src/ in the repo, next to dist/ in the image). */
  ASSETS_DIR: z.string().min(1).default(path.resolve(__dirname, '..', 'assets')),
  /** Reconciler (services/README.md "Reconciler"): pass interval (0 = off; off under Jest unless set), N, re-drives per item. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(process.env.NODE_ENV === 'test' ? 0 : 60_000),
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(5 * 60_000),
  RECONCILE_MAX_REDRIVES: z.coerce.number().int().min(1).default(5),
  /** Retention (README "Erase, export, retention"): days a delivered (or refused) parcel's address is kept; pass interval (0 = off; off under Jest unless set). */
  DELIVERED_ADDRESS_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(0).default(process.env.NODE_ENV === 'test' ? 0 : 60 * 60_000),
  /** Families: `required` (operator stack) refuses gifts to a learner until a parent consented; `optional` redeems as before. */
  PARENT_CONSENT: z.enum(PARENT_CONSENT_MODES).default('optional'),
});
export type GiftsConfig = z.infer<typeof configSchema>;

export function readConfig(env: Record<string, string | undefined> = process.env): GiftsConfig {
  return loadConfig(configSchema, env);
}
