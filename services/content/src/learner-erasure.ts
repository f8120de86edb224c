import type { RequestHandler, Router } from 'express';
import type { Connection, Model } from 'mongoose';
import { createPeriodicJob, type Logger, type PeriodicJob } from '@kidslearn/lib-core';
import type { KeycloakAdmin } from '@kidslearn/lib-auth';
import { createErasureLog, erasedCallerGuard, writeUnlessErased, type ErasureDoc, type Outbox } from '@kidslearn/lib-mongo';
import type { ContentConfig } from './config';
import { createLearnerRecords } from './data-access/learner-records';
import type { Models } from './data-access/models';
import { createPeerLearnerData } from './data-access/peer-learner-data';
import type { IdentityAdmin } from './domain/identity';
import type { FamilyStore } from './domain/family';
import type { LearnerRecords, UsersStore } from './domain/ports';
import type { EraseLearnerDeps } from './use-cases/erase-learner';
import type { ExportLearnerDeps } from './use-cases/export-learner';
import { applyRetention, type RetentionDeps } from './use-cases/retention';
import type { Cache } from './entry-points/http/deps';
import { learnerDataRoutes } from './entry-points/http/learner-data-routes';
import { dropPublicReviews } from './entry-points/http/reviews-cache';
import { messages } from './messages';

export interface LearnerErasure {
  /** DELETE /users/{userId}, GET /users/{userId}/export. */
  routes: Router;
  /** After authentication on POST /users: refuses a token from before its learner's erasure. */
  guard: RequestHandler;
  /** What erasing and exporting a learner needs (a parent erases or exports their child with them). */
  eraseDeps: EraseLearnerDeps;
  exportDeps: Omit<ExportLearnerDeps, 'users'>;
  /** Runs a write about a learner unless the learner was erased after it originated (gems.balance.changed). */
  unlessErased(email: string, originatedAt: string, write: () => Promise<unknown>): Promise<boolean>;
  /** The retention pass (reviewers' emails, unverified registrations); `start`ed with the service. */
  retention: PeriodicJob<{ reviewEmails: number; unverifiedAccounts: number; familyInvitations: number }>;
}

/** Content's part of erasing, exporting and expiring a learner's data (README "Erase, export, retention"). */
export async function createLearnerErasure(opts: {
  db: Connection;
  models: Models;
  users: UsersStore;
  identity: IdentityAdmin;
  keycloak: Pick<KeycloakAdmin, 'findUserByEmail'>;
  /** The tombstones' outbox: `learner.erased` is written with the tombstone and published right after. */
  outboxOf: (model: Model<ErasureDoc>) => Outbox<ErasureDoc>;
  cache: Cache;
  /** The child's parent link: exported with the learner, erased with them, expired by retention. */
  families: FamilyStore;
  guards: { authenticate: RequestHandler; requireAdmin: RequestHandler };
  config: ContentConfig;
  logger: Logger;
}): Promise<LearnerErasure> {
  const { config, logger } = opts;
  const erasures = createErasureLog(opts.db, { outboxOf: opts.outboxOf });
  await erasures.model.init();
  await erasures.load();
  const records = withFamily(createLearnerRecords(opts.models, opts.users), opts.families);
  const erase: RetentionDeps = {
    identity: opts.identity,
    erasures,
    records,
    dropReviewsCache: () => dropPublicReviews(opts.cache),
  };
  // A write that raced an erasure is undone by erasing this service's records again (not the account:
  // nothing of the erased one is left, and the event went out with the erasure).
  const eraseAgain = (email: string) => records.erase(email, { reviews: false });
  const accountOf = async (email: string) => {
    const account = await opts.keycloak.findUserByEmail(email);
    if (!account) return null;
    const { id, username, email: address, firstName, lastName, emailVerified, enabled } = account;
    const createdTimestamp = (account as { createdTimestamp?: number }).createdTimestamp;
    return { id, username, email: address, firstName, lastName, emailVerified, enabled, ...(createdTimestamp ? { createdAt: new Date(createdTimestamp).toISOString() } : {}) };
  };

  const exportDeps = { records, accountOf, peers: createPeerLearnerData({ quiz: config.QUIZ_URL, gems: config.GEMS_URL, gifts: config.GIFTS_URL }, logger) };
  return {
    routes: learnerDataRoutes({ guards: opts.guards, users: opts.users, erase, export: exportDeps, logger }),
    eraseDeps: erase,
    exportDeps,
    guard: erasedCallerGuard({
      erasures,
      message: messages.learnerData.accountErased,
      eraseAgain,
      onError: (err) => logger.error({ err }, 'could not re-check an erasure after a request'),
    }) as RequestHandler,
    unlessErased: (email, originatedAt, write) => writeUnlessErased(erasures, { email, originatedAt }, write, eraseAgain),
    retention: createPeriodicJob({
      name: 'content-retention',
      logger,
      run: async (now) => {
        const retained = await applyRetention(erase, { reviewEmailDays: config.REVIEW_EMAIL_RETENTION_DAYS, unverifiedAccountDays: config.UNVERIFIED_ACCOUNT_RETENTION_DAYS }, now);
        const removed = { ...retained, familyInvitations: await opts.families.removeExpired(now ?? new Date()) };
        if (removed.reviewEmails + removed.unverifiedAccounts + removed.familyInvitations > 0) logger.info(removed, 'personal data past its retention removed');
        return removed;
      },
    }),
  };
}

/** The learner's records with their parent link: in the export, and erased first (the user record stays last). */
function withFamily(records: LearnerRecords, families: FamilyStore): LearnerRecords {
  return {
    ...records,
    exportOf: async (email) => ({ ...(await records.exportOf(email)), family: await families.exportOf(email) }),
    async erase(email, options) {
      await families.removeChild(email);
      await records.erase(email, options);
    },
  };
}
