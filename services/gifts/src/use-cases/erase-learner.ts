import type { ErasureRecords, LearnerDataStore } from '../domain/ports';

export interface EraseLearnerDeps {
  erasures: ErasureRecords;
  learnerData: LearnerDataStore;
}

/**
 * learner.erased: the tombstone first (so a request with a token from before the erasure is refused, and
 * one running beside this erases again once answered), then the learner's redemptions (audit rows kept).
 */
export async function eraseLearner({ erasures, learnerData }: EraseLearnerDeps, email: string, erasedAt: Date): Promise<void> {
  await erasures.record(email, erasedAt);
  await learnerData.erase(email, erasedAt);
}
