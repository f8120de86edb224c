// One line per change of a learner's balance.
export type LedgerKind = 'credit' | 'debit' | 'debit-rejected' | 'adjustment' | 'review' | 'refund';

export interface LedgerEntry {
  /**
   * attemptId (credit), redemptionId (debit / debit-rejected / refund: a parent declined it), a generated id
   * (adjustment) or reviewId (review: a day's full review)
   */
  ref: string;
  kind: LedgerKind;
  /** signed change of the balance (0 for a rejection) */
  amount: number;
  balance: number;
  lessonId?: string;
  /** the admin who made a manual adjustment */
  by?: string;
  at: Date;
}

/** The balance the ledger says a learner has: the sum of every signed change. */
export function ledgerTotal(entries: readonly Pick<LedgerEntry, 'amount'>[]): number {
  return entries.reduce((sum, entry) => sum + entry.amount, 0);
}
