import type { Event, OwnResult, StandingRow } from '@kidslearn/contracts';
import type { Answer, Letter } from './answers';

export interface AnswerKey {
  _id: string;
  lessonHeading: string;
  answerKey: Letter[];
  /** per question, the author's explanation (null: none); shown only after the learner's own attempt */
  explanations: (string | null)[];
}

export interface AnswerKeyStore {
  find(lessonId: string): Promise<AnswerKey | null>;
  /**
   * Idempotent: the same lesson announced again writes the same key. `explanations` absent (an announcement
   * without them) keeps what is stored (nulls for a new lesson).
   */
  save(lessonId: string, lessonHeading: string, answerKey: Letter[], explanations?: (string | null)[]): Promise<void>;
  /** lesson.deleted: the lesson is no longer found (taken, ranked, reviewed); a later announcement of it is ignored. */
  markDeleted(lessonId: string): Promise<void>;
}

export interface Attempt {
  _id: string;
  lessonId: string;
  email: string;
  userId: string;
  name: string;
  answers: Answer[];
  score: number;
  total: number;
  reward: number;
  createdAt: Date;
  /** the learner's balance after gems settled this attempt (null until gems.credited arrives) */
  gems: number | null;
}

export interface AttemptStore {
  /** Stores the attempt with its quiz.attempt.scored event (one write); false when an attempt with its id exists. */
  create(attempt: Omit<Attempt, 'gems'>, event: Event<'quiz.attempt.scored'>): Promise<boolean>;
  find(attemptId: string): Promise<Attempt | null>;
  /** Publishes what the attempt's outbox still holds (a retry found it stored by an instance that died). */
  republish(attemptId: string): void;
  settledGems(attemptId: string): Promise<number | null>;
  /** Records gems' outcome once (the first stays); resolves with the total recorded, or null for an unknown attempt. */
  settle(attemptId: string, amount: number, balance: number): Promise<number | null>;
}

export interface Best {
  lessonId: string;
  email: string;
  name: string;
  score: number;
  total: number;
  attemptId: string;
  achievedAt: Date;
}

/** The learner's best result on a lesson, with the public id of its standings row. */
export type OwnBest = Omit<OwnResult, 'reward' | 'at'> & { achievedAt: Date };

export interface BestStore {
  /** Keeps the better result (ties: whoever got there first); resolves true when the standings changed. */
  record(best: Best): Promise<boolean>;
  /** The learner's best result per lesson, newest first. */
  mine(email: string): Promise<OwnBest[]>;
  /** A lesson's standings, best first (at most 100 rows). */
  standings(lessonId: string): Promise<StandingRow[]>;
}

/** Waits for gems' outcome of an attempt (lib-redis outcome channel). */
export interface OutcomeListener {
  wait<T>(timeoutMs: number, read: () => Promise<T | null>, fromAnnouncement?: (message: string) => T | null): Promise<T | null>;
  close(): Promise<void>;
}
export interface OutcomeWaiter {
  listen(attemptId: string, options?: { readFirst?: boolean }): Promise<OutcomeListener>;
}

export interface DisplayNameStore {
  /** Applies content's name of `email` unless a newer one is stored; resolves true when it changed. */
  apply(email: string, name: string, changedAt: Date): Promise<boolean>;
}

/** What quiz holds about one learner, as the learner's export shows it. */
export interface QuizLearnerData {
  attempts: { attemptId: string; lessonId: string; name: string; answers: unknown[]; score: number; total: number; reward: number; gems: number | null; createdAt: string }[];
  bests: { lessonId: string; name: string; score: number; total: number; achievedAt: string }[];
  displayName: string | null;
  /** practice runs per lesson (issue 21) */
  practice: { lessonId: string; best: number; total: number; count: number; strongRuns: number; lastAt: string }[];
  /** each day's review: its questions, the answers given and when it was completed */
  dailyReviews: { day: string; items: { lessonId: string; question: number }[]; answers: Record<string, unknown>; completedAt: string | null }[];
  /** where each reviewed question stands in the spaced schedule (dueDay null: retired) */
  reviewSchedule: { lessonId: string; question: number; step: number; dueDay: string | null }[];
}

export interface LearnerDataStore {
  exportOf(email: string): Promise<QuizLearnerData>;
  /** Deletes everything quiz holds about the learner; resolves with the lessons whose standings changed. */
  erase(email: string): Promise<string[]>;
}

export interface ErasureRecords {
  record(email: string, erasedAt: Date): Promise<void>;
}
