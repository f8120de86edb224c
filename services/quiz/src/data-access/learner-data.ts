import type { LearnerDataStore, QuizLearnerData } from '../domain/ports';
import type { AttemptRepository } from './attempts';
import type { BestRepository } from './bests';
import type { DailyReviewDoc, DailyReviewRepository } from './daily-reviews';
import type { DisplayNameRepository } from './display-names';
import type { PracticeRepository } from './practice';
import type { ReviewScheduleRepository } from './review-schedule';

interface Repositories {
  attempts: AttemptRepository;
  bests: BestRepository;
  displayNames: DisplayNameRepository;
  practice: PracticeRepository;
  reviewSchedule: ReviewScheduleRepository;
  dailyReviews: DailyReviewRepository;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * A learner's quiz data, read for an export or removed for an erasure: attempts, standings rows, display name,
 * practice runs, daily reviews and the review schedule.
 */
export function learnerDataRepository({ attempts, bests, displayNames, practice, reviewSchedule, dailyReviews }: Repositories): LearnerDataStore {
  return {
    async exportOf(email: string): Promise<QuizLearnerData> {
      const [own, best, name, runs, reviews, schedule] = await Promise.all([
        attempts.byLearner(email),
        bests.model.find({ email }).sort({ achievedAt: 1 }).lean().exec(),
        displayNames.model.findById(email.toLowerCase()).lean<{ name?: string }>().exec(),
        practice.model.find({ email }).sort({ lessonId: 1 }).lean().exec(),
        dailyReviews.model.find({ email }, { outbox: 0 }).sort({ day: 1 }).lean<DailyReviewDoc[]>().exec(),
        reviewSchedule.model.find({ email }).sort({ lessonId: 1, question: 1 }).lean().exec(),
      ]);
      return {
        attempts: own.map((a) => ({ attemptId: a._id, lessonId: a.lessonId, name: a.name, answers: a.answers, score: a.score, total: a.total, reward: a.reward, gems: a.gems, createdAt: iso(a.createdAt) })),
        bests: best.map((b) => ({ lessonId: b.lessonId, name: b.name, score: b.score, total: b.total, achievedAt: iso(b.achievedAt) })),
        displayName: name?.name ?? null,
        practice: runs.map((p) => ({ lessonId: p.lessonId, best: p.best, total: p.total, count: p.count, strongRuns: p.strongRuns, lastAt: iso(p.lastAt) })),
        dailyReviews: reviews.map((r) => ({ day: r.day, items: r.items, answers: r.answers ?? {}, completedAt: r.completedAt ? iso(r.completedAt) : null })),
        reviewSchedule: schedule.map((s) => ({ lessonId: s.lessonId, question: s.question, step: s.step, dueDay: s.dueDay ?? null })),
      };
    },

    /**
     * Deletes the learner's attempts and daily reviews (with unsent events), standings rows, display name,
     * practice runs and review schedule; resolves with the lessons whose standings changed. Idempotent: a re-run
     * deletes whatever appeared since.
     */
    async erase(email: string): Promise<string[]> {
      const rows = await bests.model.find({ email }, { lessonId: 1 }).lean().exec();
      await Promise.all([
        attempts.model.deleteMany({ email }).exec(),
        bests.model.deleteMany({ email }).exec(),
        displayNames.forget(email),
        practice.model.deleteMany({ email }).exec(),
        reviewSchedule.model.deleteMany({ email }).exec(),
        dailyReviews.model.deleteMany({ email }).exec(),
      ]);
      await bests.forget(email);
      return [...new Set(rows.map((row) => row.lessonId))];
    },
  };
}
