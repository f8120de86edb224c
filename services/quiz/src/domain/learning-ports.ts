// The ports of learning after a quiz (issue 21): the learner's own attempts, practice runs, the review schedule
// and the daily reviews. Implemented in data-access/, used by use-cases/.
import type { Event, Letter, PracticeSummary } from '@kidslearn/contracts';
import type { Attempt } from './ports';
import type { Schedule } from './review-schedule';

/** The learner's own attempts, one per lesson: the attempt behind their best (the standings row's). */
export interface OwnAttempts {
  /** null when the learner has no recorded attempt of the lesson */
  of(email: string, lessonId: string): Promise<Attempt | null>;
  /** one per lesson the learner took the quiz of */
  all(email: string): Promise<Attempt[]>;
}

export interface PracticeRun {
  score: number;
  total: number;
  strong: boolean;
  at: Date;
}

/** One document per (learner, lesson), changed by one atomic update per run. */
export interface PracticeStore {
  /** Counts the run (count, best, strong runs, last date) and resolves with the summary after it. */
  record(email: string, lessonId: string, run: PracticeRun): Promise<PracticeSummary>;
  /** The learner's summaries by lesson id. */
  byLearner(email: string): Promise<Map<string, PracticeSummary>>;
}

export interface ReviewScheduleStore {
  /** The learner's reviewed questions by itemKey(lessonId, question). */
  byLearner(email: string): Promise<Map<string, Schedule>>;
  find(email: string, lessonId: string, question: number): Promise<Schedule | null>;
  /**
   * Writes the question's schedule after the answer of review `reviewId`, once: a repeat for the same review
   * (a retried answer) changes nothing.
   */
  apply(email: string, lessonId: string, question: number, schedule: Schedule, reviewId: string): Promise<void>;
}

export interface StoredReviewAnswer {
  answer: Letter;
  isCorrect: boolean;
  /** the key's letter (kept with the answer: the feedback of a retry is read back from here) */
  correct: Letter;
  at: Date;
}

/** A learner's review of one day: its questions are fixed by the day's first read. */
export interface DailyReviewRecord {
  _id: string;
  email: string;
  day: string;
  items: { lessonId: string; question: number }[];
  /** by itemKey(lessonId, question) */
  answers: Record<string, StoredReviewAnswer>;
  completedAt: Date | null;
}

export interface DailyReviewStore {
  find(reviewId: string): Promise<DailyReviewRecord | null>;
  /** Inserts the day's review; when another request made it first, resolves with that one. */
  create(review: Omit<DailyReviewRecord, 'answers' | 'completedAt'>, at: Date): Promise<DailyReviewRecord>;
  /** Records the answer unless the item was answered already; resolves with the review after it, null if it was. */
  recordAnswer(reviewId: string, key: string, answer: StoredReviewAnswer): Promise<DailyReviewRecord | null>;
  /** Marks the review completed with its event, once (guarded by "not completed yet"); true when this call did. */
  complete(reviewId: string, at: Date, event: Event<'daily.review.completed'>): Promise<boolean>;
  /** Which of these reviews are completed. */
  completedOf(reviewIds: string[]): Promise<Set<string>>;
}
