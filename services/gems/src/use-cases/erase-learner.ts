import type { ErasureRecords, FamilyLinkRecords, LearnerDataStore } from '../domain/ports';

export interface EraseLearnerDeps {
  erasures: ErasureRecords;
  learnerData: LearnerDataStore;
  familyLinks: FamilyLinkRecords;
}

/**
 * learner.erased: the tombstone first (so a credit or debit arriving from now on is dropped, and one
 * running beside this erases again once written), then everything gems holds about the learner, and the
 * learner's links as a child (no parent reads the erased child's gems any more).
 */
export async function eraseLearner({ erasures, learnerData, familyLinks }: EraseLearnerDeps, email: string, erasedAt: Date): Promise<void> {
  await erasures.record(email, erasedAt);
  await learnerData.erase(email);
  await familyLinks.eraseChild(email);
}
