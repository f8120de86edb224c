// What the quiz service answers for learning after a quiz (issue 21): the review of one's own attempt,
// practice, the daily spaced review and the progress per lesson. Read by the learning area.
import type { Letter } from './lesson';

/** not started → done (quiz taken) → practised (at least one practice run) → mastered */
export type LessonProgress = 'done' | 'practised' | 'mastered';

/** A lesson is mastered by a perfect quiz, or by this many practice runs at or above MASTERY_PRACTICE_PERCENT. */
export const MASTERY_PRACTICE_RUNS = 2;
export const MASTERY_PRACTICE_PERCENT = 80;

/** Days after which a question comes back in the daily review, step by step (a wrong answer starts again). */
export const REVIEW_INTERVAL_DAYS = [1, 3, 7, 14, 30] as const;
/** At most this many questions in one day's review. */
export const DAILY_REVIEW_SIZE = 5;
/** Gems for the first full review of a day (credited once by the gems service). */
export const DAILY_REVIEW_GEMS = 1;

/** One question of the learner's own recorded attempt, with the answer key and explanation. */
export interface ReviewedQuestion {
  /** the question's index in the lesson's quiz (0-based) */
  index: number;
  /** what the learner answered (null: left empty) */
  chosen: Letter | null;
  correct: Letter;
  isCorrect: boolean;
  /** the lesson author's explanation, or null when the lesson has none for this question */
  explanation: string | null;
}

/** GET /quiz-results/{lessonId}/review: only after the learner's own attempt is recorded (else 404). */
export interface AnswerReview {
  lessonId: string;
  score: number;
  total: number;
  questions: ReviewedQuestion[];
}

/** The learner's practice runs of one lesson (no gems, no standings). */
export interface PracticeSummary {
  /** best score of a practice run */
  best: number;
  total: number;
  /** practice runs finished */
  count: number;
  /** runs that scored at least MASTERY_PRACTICE_PERCENT */
  strongRuns: number;
  /** the last run (ISO 8601) */
  lastAt: string;
}

/** POST /practice-results body: a finished practice run; scored on the server (never trusted from the client). */
export interface PracticeRunInput {
  lessonId: string;
  /** index = question; null = left empty */
  answers: (Letter | null)[];
}

/** POST /practice-results answer (201). 409 when the lesson's quiz was not taken yet. */
export interface PracticeRunResult {
  lessonId: string;
  score: number;
  total: number;
  practice: PracticeSummary;
  progress: LessonProgress;
}

/** GET /quiz-results/progress: one row per lesson the learner has taken the quiz of. */
export interface LessonProgressRow {
  lessonId: string;
  progress: LessonProgress;
  practice: PracticeSummary | null;
}

/** One question of today's review; the learner's answer once given. */
export interface DailyReviewItem {
  lessonId: string;
  /** the question's index in the lesson's quiz */
  question: number;
  answered: { answer: Letter; isCorrect: boolean; correct: Letter; explanation: string | null } | null;
}

/** GET /daily-review: today's questions (at most DAILY_REVIEW_SIZE, mixed across lessons). */
export interface DailyReview {
  /** the learner's day (YYYY-MM-DD, UTC) */
  day: string;
  items: DailyReviewItem[];
  /** every item answered */
  completed: boolean;
  /** the day's gem was earned (the first full review of the day) */
  gemEarned: boolean;
  /** days of the current week (Monday first, YYYY-MM-DD) with a full review: shown gently, never as a loss */
  daysThisWeek: string[];
}

/** POST /daily-review/answers body: one answer to one of today's items. */
export interface DailyReviewAnswerInput {
  lessonId: string;
  question: number;
  answer: Letter;
}

/** POST /daily-review/answers answer: the feedback and the review as it stands now. */
export interface DailyReviewAnswerReply {
  isCorrect: boolean;
  correct: Letter;
  explanation: string | null;
  review: DailyReview;
}
