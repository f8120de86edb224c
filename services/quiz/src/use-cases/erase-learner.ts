import type { ErasureLog } from '@kidslearn/lib-mongo';
import type { LearnerDataRepository } from '../data-access/learner-data';

export interface EraseLearnerDeps {
  erasures: ErasureLog;
  learnerData: LearnerDataRepository;
  /** Drops a lesson's cached standings (the learner's row is gone). */
  invalidateStandings: (lessonId: string) => Promise<void>;
}

/** Everything quiz holds about the learner goes; the standings they appeared in are served afresh. */
export async function eraseLearnerData({ learnerData, invalidateStandings }: Omit<EraseLearnerDeps, 'erasures'>, email: string): Promise<void> {
  const lessons = await learnerData.erase(email);
  await Promise.all(lessons.map((lessonId) => invalidateStandings(lessonId)));
}

/**
 * learner.erased: the tombstone first (so a late profile event or a request with an older token is dropped,
 * and one running beside this erases again once written), then the learner's data.
 */
export async function eraseLearner(deps: EraseLearnerDeps, email: string, erasedAt: Date): Promise<void> {
  await deps.erasures.record(email, erasedAt);
  await eraseLearnerData(deps, email);
}
