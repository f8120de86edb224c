// The daily spaced review (issue 21): which questions are due on a day, and how an answer moves a question's
// schedule. Days are UTC dates `YYYY-MM-DD` (compared as strings). Pure functions, unit-tested
// (test/review-schedule.test.ts).
import { DAILY_REVIEW_SIZE, REVIEW_INTERVAL_DAYS } from '@kidslearn/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The learner's day of a moment: its UTC date. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Monday … `day` of the day's week (ISO weeks start on Monday). */
export function weekUpTo(day: string): string[] {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return Array.from({ length: weekday + 1 }, (_, i) => addDays(day, i - weekday));
}

/** Where a reviewed question stands: `step` counts right answers in a row; `dueDay` null = retired. */
export interface Schedule {
  step: number;
  dueDay: string | null;
}

/**
 * After an answer on `day`: right moves one step on (due REVIEW_INTERVAL_DAYS[step] days later; right after the
 * last step the question is retired), wrong starts again at step 0 (due the next day).
 */
export function nextSchedule(step: number, isCorrect: boolean, day: string): Schedule {
  const next = isCorrect ? step + 1 : 0;
  const interval = REVIEW_INTERVAL_DAYS[next];
  return { step: next, dueDay: interval === undefined ? null : addDays(day, interval) };
}

/** A never reviewed question is due this long after the day of the attempt. */
export const firstDueDay = (attemptDay: string): string => addDays(attemptDay, REVIEW_INTERVAL_DAYS[0]);

/** The key of one question of a lesson (lesson ids have no dot or dollar: safe as a field name). */
export const itemKey = (lessonId: string, question: number): string => `${lessonId}_${question}`;

export interface ReviewCandidate {
  lessonId: string;
  question: number;
  dueDay: string;
  /** answered wrong in the quiz and never reviewed: comes first among questions due the same day */
  wrongInQuiz: boolean;
}

/** The learner's attempt of one lesson, as the review needs it. */
export interface AttemptedLesson {
  lessonId: string;
  attemptDay: string;
  /** per question: was it answered right in the quiz */
  rightInQuiz: boolean[];
}

/** Every question of the learner's lessons that is not retired, with the day it is due. */
export function reviewCandidates(lessons: readonly AttemptedLesson[], schedules: ReadonlyMap<string, Schedule>): ReviewCandidate[] {
  return lessons.flatMap(({ lessonId, attemptDay, rightInQuiz }) =>
    rightInQuiz.flatMap((right, question) => {
      const schedule = schedules.get(itemKey(lessonId, question));
      if (schedule) return schedule.dueDay === null ? [] : [{ lessonId, question, dueDay: schedule.dueDay, wrongInQuiz: false }];
      return [{ lessonId, question, dueDay: firstDueDay(attemptDay), wrongInQuiz: !right }];
    }),
  );
}

const byUrgency = (a: ReviewCandidate, b: ReviewCandidate): number =>
  a.dueDay.localeCompare(b.dueDay) || Number(b.wrongInQuiz) - Number(a.wrongInQuiz) || a.lessonId.localeCompare(b.lessonId) || a.question - b.question;

/**
 * The day's review: the questions due on `day`, earliest due first, mixed across lessons (one question of
 * each lesson in turn, lessons in the order of their most urgent question), at most `size`.
 */
export function pickDailyItems(candidates: readonly ReviewCandidate[], day: string, size = DAILY_REVIEW_SIZE): { lessonId: string; question: number }[] {
  const perLesson = new Map<string, ReviewCandidate[]>();
  for (const candidate of candidates.filter((c) => c.dueDay <= day).sort(byUrgency)) {
    const queue = perLesson.get(candidate.lessonId) ?? [];
    queue.push(candidate);
    perLesson.set(candidate.lessonId, queue);
  }
  const queues = [...perLesson.values()];
  const picked: { lessonId: string; question: number }[] = [];
  for (let round = 0; picked.length < size && queues.some((queue) => queue.length > round); round += 1) {
    for (const queue of queues) {
      const item = queue[round];
      if (item && picked.length < size) picked.push({ lessonId: item.lessonId, question: item.question });
    }
  }
  return picked;
}
