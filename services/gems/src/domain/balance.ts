import type { LedgerEntry } from './ledger';

/** What the debit decision needs to know about a learner's balance. */
export interface BalanceState {
  gems: number;
  ledger: readonly Pick<LedgerEntry, 'ref' | 'kind'>[];
}

export interface CreditDecision {
  /** gems added now: the top-up from the best reward credited so far to this attempt's reward */
  amount: number;
  gems: number;
  bestReward: number;
}

/**
 * A lesson pays at most its best reward once: a later better attempt tops up the difference,
 * a worse or equal one adds nothing. `paid` is the best reward this lesson already paid (0 if none).
 */
export function decideCredit(gems: number, paid: number, reward: number): CreditDecision {
  const bestReward = Math.max(paid, reward);
  const amount = bestReward - paid;
  return { amount, gems: gems + amount, bestReward };
}

export type DebitDecision =
  | { outcome: 'duplicate' }
  | { outcome: 'debited'; gems: number }
  | { outcome: 'rejected'; gems: number; reason: string };

export const NOT_ENOUGH_GEMS = 'Not enough gems';

/** A redemption is debited once, only when the balance covers it; the balance never goes below 0. */
export function decideDebit(state: BalanceState, redemptionId: string, cost: number): DebitDecision {
  const seen = state.ledger.some(
    (entry) => entry.ref === redemptionId && (entry.kind === 'debit' || entry.kind === 'debit-rejected'),
  );
  if (seen) return { outcome: 'duplicate' };
  if (state.gems < cost) return { outcome: 'rejected', gems: state.gems, reason: NOT_ENOUGH_GEMS };
  return { outcome: 'debited', gems: state.gems - cost };
}
