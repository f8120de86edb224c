import type { FamilyLinkRecords } from '../domain/family-ports';
import type { ErasureRecords, LearnerDataStore } from '../domain/ports';

export interface EraseLearnerDeps {
  erasures: ErasureRecords;
  learnerData: LearnerDataStore;
  /** Drops a lesson's cached standings (the learner's row is gone). */
  standingsChanged: (lessonId: string) => Promise<void>;
  familyLinks: FamilyLinkRecords;
}

/** Everything quiz holds about the learner goes; the standings they appeared in are served afresh. */
export async function eraseLearnerData({ learnerData, standingsChanged }: Pick<EraseLearnerDeps, 'learnerData' | 'standingsChanged'>, email: string): Promise<void> {
  const lessons = await learnerData.erase(email);
  await Promise.all(lessons.map((lessonId) => standingsChanged(lessonId)));
}

/**
 * learner.erased: the tombstone first (so a late profile event or a request with an older token is dropped,
 * and one running beside this erases again once written), then the learner's data and their links as a child.
 */
export async function eraseLearner(deps: EraseLearnerDeps, email: string, erasedAt: Date): Promise<void> {
  await deps.erasures.record(email, erasedAt);
  await eraseLearnerData(deps, email);
  await deps.familyLinks.eraseChild(email);
}
