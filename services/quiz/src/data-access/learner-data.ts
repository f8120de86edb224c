import type { LearnerDataStore, QuizLearnerData } from '../domain/ports';
import type { AttemptRepository } from './attempts';
import type { BestRepository } from './bests';
import type { DisplayNameRepository } from './display-names';

interface Repositories {
  attempts: AttemptRepository;
  bests: BestRepository;
  displayNames: DisplayNameRepository;
}

/** A learner's quiz data, read for an export or removed for an erasure (attempts, standings rows, display name). */
export function learnerDataRepository({ attempts, bests, displayNames }: Repositories): LearnerDataStore {
  return {
    async exportOf(email: string): Promise<QuizLearnerData> {
      const [own, best, name] = await Promise.all([
        attempts.byLearner(email),
        bests.model.find({ email }).sort({ achievedAt: 1 }).lean().exec(),
        displayNames.model.findById(email.toLowerCase()).lean<{ name?: string }>().exec(),
      ]);
      return {
        attempts: own.map((a) => ({ attemptId: a._id, lessonId: a.lessonId, name: a.name, answers: a.answers, score: a.score, total: a.total, reward: a.reward, gems: a.gems, createdAt: new Date(a.createdAt).toISOString() })),
        bests: best.map((b) => ({ lessonId: b.lessonId, name: b.name, score: b.score, total: b.total, achievedAt: new Date(b.achievedAt).toISOString() })),
        displayName: name?.name ?? null,
      };
    },

    /**
     * Deletes the learner's attempts (with unsent events), standings rows and display name; resolves with
     * the lessons whose standings changed. Idempotent: a re-run deletes whatever appeared since.
     */
    async erase(email: string): Promise<string[]> {
      const rows = await bests.model.find({ email }, { lessonId: 1 }).lean().exec();
      await Promise.all([attempts.model.deleteMany({ email }).exec(), bests.model.deleteMany({ email }).exec(), displayNames.forget(email)]);
      return [...new Set(rows.map((row) => row.lessonId))];
    },
  };
}
