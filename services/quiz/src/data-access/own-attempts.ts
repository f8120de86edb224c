import type { OwnAttempts } from '../domain/learning-ports';
import type { Attempt } from '../domain/ports';
import { standingId } from '../domain/standing-id';
import type { AttemptRepository } from './attempts';
import type { BestRepository } from './bests';

const PUBLIC = { outbox: 0, scoredEvent: 0, processedEventIds: 0 } as const;

/**
 * The learner's attempt of a lesson = the one behind their best (its standings row names it), read by id: the
 * local database looks documents up by id only (services/README.md). A lesson whose best is not recorded yet
 * (its submission is still under way) falls back to the learner's earliest attempt of it.
 */
export function ownAttemptsRepository({ attempts, bests }: { attempts: AttemptRepository; bests: BestRepository }): OwnAttempts {
  const byId = (attemptId: string) => attempts.model.findById(attemptId, PUBLIC).lean<Attempt>().exec();
  return {
    async of(email, lessonId) {
      const best = await bests.model.findById(standingId(lessonId, email), { attemptId: 1 }).lean<{ attemptId: string }>().exec();
      const attempt = best ? await byId(best.attemptId) : null;
      if (attempt) return attempt;
      return attempts.model.findOne({ email, lessonId }, PUBLIC).sort({ createdAt: 1 }).lean<Attempt>().exec();
    },
    async all(email) {
      const rows = await bests.model.find({ email }, { attemptId: 1 }).lean<{ attemptId: string }[]>().exec();
      const found = await Promise.all(rows.map((row) => byId(row.attemptId)));
      return found.filter((attempt): attempt is Attempt => attempt !== null);
    },
  };
}
