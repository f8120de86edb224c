import type { ErasureRecords, LearnerDataStore } from '../domain/ports';

export interface EraseLearnerDeps {
  erasures: ErasureRecords;
  learnerData: LearnerDataStore;
}

/**
 * learner.erased: the tombstone first (so a credit or debit arriving from now on is dropped, and one
 * running beside this erases again once written), then everything gems holds about the learner.
 */
export async function eraseLearner({ erasures, learnerData }: EraseLearnerDeps, email: string, erasedAt: Date): Promise<void> {
  await erasures.record(email, erasedAt);
  await learnerData.erase(email);
}
