import type { DailyReview } from '@kidslearn/contracts';
import { dailyReviewId } from '../domain/ids';
import type { DailyReviewRecord, DailyReviewStore, OwnAttempts, ReviewScheduleStore } from '../domain/learning-ports';
import type { AnswerKeyStore } from '../domain/ports';
import { dayOf, itemKey, pickDailyItems, reviewCandidates, weekUpTo, type AttemptedLesson } from '../domain/review-schedule';

export interface DailyReviewDeps {
  answerKeys: AnswerKeyStore;
  ownAttempts: OwnAttempts;
  schedules: ReviewScheduleStore;
  dailyReviews: DailyReviewStore;
}

/** The learner's finished lessons as the schedule needs them (attempt day, which questions were right). */
async function attemptedLessons(deps: DailyReviewDeps, email: string): Promise<AttemptedLesson[]> {
  const attempts = await deps.ownAttempts.all(email);
  const lessons = await Promise.all(
    attempts.map(async (attempt) => {
      const key = await deps.answerKeys.find(attempt.lessonId);
      if (!key) return [];
      return [{ lessonId: attempt.lessonId, attemptDay: dayOf(new Date(attempt.createdAt)), rightInQuiz: key.answerKey.map((correct, i) => attempt.answers[i] === correct) }];
    }),
  );
  return lessons.flat();
}

/**
 * The learner's review of the day of `now`. Its questions are fixed by the day's first read (computed here, from
 * the attempts and the schedule: nothing is added to POST /quiz-results); a racing first read on another instance
 * makes the same document id, so both end with one set. Null when nothing is due (no document is made).
 */
export async function todaysReview(deps: DailyReviewDeps, email: string, now: Date): Promise<DailyReviewRecord | null> {
  const day = dayOf(now);
  const reviewId = dailyReviewId(email, day);
  const existing = await deps.dailyReviews.find(reviewId);
  if (existing) return existing;
  const [lessons, schedules] = await Promise.all([attemptedLessons(deps, email), deps.schedules.byLearner(email)]);
  const items = pickDailyItems(reviewCandidates(lessons, schedules), day);
  if (items.length === 0) return null;
  return deps.dailyReviews.create({ _id: reviewId, email, day, items }, now);
}

/** The day's items whose lesson still exists (a lesson deleted since the day's first read drops out), with its key. */
export async function liveItems(deps: Pick<DailyReviewDeps, 'answerKeys'>, record: DailyReviewRecord | null) {
  const items = await Promise.all((record?.items ?? []).map(async (item) => ({ ...item, key: await deps.answerKeys.find(item.lessonId) })));
  return items.flatMap(({ key, ...item }) => (key ? [{ ...item, key }] : []));
}

/** The review as the learner sees it: the items (with feedback once answered) and the gentle streak of the week. */
export async function dailyReviewView(deps: DailyReviewDeps, email: string, day: string, record: DailyReviewRecord | null): Promise<DailyReview> {
  const items = (await liveItems(deps, record)).map(({ lessonId, question, key }) => {
    const stored = record?.answers[itemKey(lessonId, question)];
    const answered = stored ? { answer: stored.answer, isCorrect: stored.isCorrect, correct: stored.correct, explanation: key.explanations[question] ?? null } : null;
    return { lessonId, question, answered };
  });
  const earlier = weekUpTo(day).slice(0, -1);
  const completed = await deps.dailyReviews.completedOf(earlier.map((d) => dailyReviewId(email, d)));
  const daysThisWeek = earlier.filter((d) => completed.has(dailyReviewId(email, d)));
  if (record?.completedAt) daysThisWeek.push(day);
  return {
    day,
    items,
    completed: items.length > 0 && items.every((item) => item.answered !== null),
    gemEarned: Boolean(record?.completedAt),
    daysThisWeek,
  };
}
