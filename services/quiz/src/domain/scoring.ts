import type { Answer, Letter } from './answers';

export interface ScoredAttempt {
  score: number;
  total: number;
  reward: number;
}

/** SPEC §9: a perfect score earns 2 gems, exactly one wrong answer 1 gem, anything else 0. */
export function rewardFor(score: number, total: number): number {
  if (total <= 0) return 0;
  const wrong = total - score;
  if (wrong === 0) return 2;
  if (wrong === 1) return 1;
  return 0;
}

/** Scores answers (one slot per question) against the key; an unanswered question counts as wrong. */
export function scoreAttempt(answerKey: readonly Letter[], answers: readonly Answer[]): ScoredAttempt {
  const total = answerKey.length;
  const score = answerKey.filter((correct, index) => answers[index] === correct).length;
  return { score, total, reward: rewardFor(score, total) };
}
