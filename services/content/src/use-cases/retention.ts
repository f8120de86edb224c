import type { IdentityAdmin } from '../domain/identity';
import type { LearnerRecords } from '../domain/ports';
import { eraseLearner, type EraseLearnerDeps } from './erase-learner';

const DAY_MS = 24 * 60 * 60 * 1000;
const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export interface RetentionDeps extends EraseLearnerDeps {
  identity: EraseLearnerDeps['identity'] & Pick<IdentityAdmin, 'findAccount'>;
  records: LearnerRecords;
}

export interface RetentionPolicy {
  reviewEmailDays: number;
  unverifiedAccountDays: number;
}

/**
 * One retention pass (docs/SECURITY.md "Children's data"), deciding from the database and Keycloak only, so
 * any number of instances may run it at once:
 * - reviewers' emails older than `reviewEmailDays` are removed (nothing shows or needs them);
 * - a registration whose account was never verified within `unverifiedAccountDays` is erased like a learner
 *   (Keycloak account, record, photo, and `learner.erased` for what quiz learned of its name); its reviews
 *   stay (nobody proved the address was theirs). A verified account found on the way is marked, not asked again.
 */
export async function applyRetention(deps: RetentionDeps, policy: RetentionPolicy, now: Date): Promise<{ reviewEmails: number; unverifiedAccounts: number }> {
  const reviewEmails = await deps.records.removeReviewEmailsBefore(before(now, policy.reviewEmailDays));
  let unverifiedAccounts = 0;
  for (const candidate of await deps.records.unverifiedCandidates(before(now, policy.unverifiedAccountDays))) {
    const account = await deps.identity.findAccount(candidate.email);
    if (account?.verified) {
      await deps.records.markVerified(candidate.id, now);
      continue;
    }
    await eraseLearner(deps, candidate.email, { reviews: false });
    unverifiedAccounts += 1;
  }
  return { reviewEmails, unverifiedAccounts };
}
