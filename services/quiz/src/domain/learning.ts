// Rules of learning after a quiz (issue 21): the review of one's own attempt, practice runs and the progress
// per lesson. Pure functions, unit-tested (test/learning.test.ts).
import { MASTERY_PRACTICE_PERCENT, MASTERY_PRACTICE_RUNS, type LessonProgress, type PracticeSummary, type ReviewedQuestion } from '@kidslearn/contracts';
import type { Answer, Letter } from './answers';

/** A practice run counts towards mastery at or above MASTERY_PRACTICE_PERCENT (integer arithmetic: 4/5 is 80 %). */
export const isStrongRun = (score: number, total: number): boolean => total > 0 && score * 100 >= MASTERY_PRACTICE_PERCENT * total;

/**
 * done (quiz taken) → practised (a practice run) → mastered (a perfect quiz, or MASTERY_PRACTICE_RUNS strong
 * practice runs).
 */
export function progressOf(best: { score: number; total: number }, practice: Pick<PracticeSummary, 'count' | 'strongRuns'> | null): LessonProgress {
  if ((best.total > 0 && best.score >= best.total) || (practice?.strongRuns ?? 0) >= MASTERY_PRACTICE_RUNS) return 'mastered';
  if ((practice?.count ?? 0) >= 1) return 'practised';
  return 'done';
}

/** One explanation slot per question: what the lesson announced, null where it has none (or announced none). */
export function explanationsFor(total: number, explanations: readonly (string | null | undefined)[] | undefined): (string | null)[] {
  return Array.from({ length: total }, (_, index) => {
    const text = explanations?.[index];
    return typeof text === 'string' && text.trim() !== '' ? text : null;
  });
}

/** Each question of an attempt with what was chosen, the key's letter and the explanation. */
export function reviewedQuestions(answerKey: readonly Letter[], explanations: readonly (string | null)[], answers: readonly Answer[]): ReviewedQuestion[] {
  return answerKey.map((correct, index) => {
    const chosen = answers[index] ?? null;
    return { index, chosen, correct, isCorrect: chosen === correct, explanation: explanations[index] ?? null };
  });
}
