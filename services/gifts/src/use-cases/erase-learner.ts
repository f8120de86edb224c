import type { ErasureRecords, LearnerDataStore, MonthlySpend } from '../domain/ports';

export interface EraseLearnerDeps {
  erasures: ErasureRecords;
  learnerData: LearnerDataStore;
  /** Families: the learner's links to a parent (lib-service family-links) */
  familyLinks: { eraseChild(email: string): Promise<void> };
  spend: Pick<MonthlySpend, 'erase'>;
}

/**
 * learner.erased: the tombstone first (so a request with a token from before the erasure is refused, and
 * one running beside this erases again once answered), then the learner's redemptions (audit rows kept), their
 * links to a parent and their monthly gem counters.
 */
export async function eraseLearner({ erasures, learnerData, familyLinks, spend }: EraseLearnerDeps, email: string, erasedAt: Date): Promise<void> {
  await erasures.record(email, erasedAt);
  await learnerData.erase(email, erasedAt);
  await familyLinks.eraseChild(email);
  await spend.erase(email);
}
