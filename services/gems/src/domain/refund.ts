import type { LedgerEntry } from './ledger';

/** A ledger line as the refund decision reads it: whose it is, what it records. */
export type RefundLine = Pick<LedgerEntry, 'ref' | 'kind' | 'amount'> & { email: string };

export type RefundDecision = { outcome: 'duplicate' } | { outcome: 'not-debited' } | { outcome: 'refunded'; amount: number; gems: number };

/**
 * redemption.declined (a parent said no): the gems the redemption's debit took come back once. `debit` is the
 * redemption's line (`redemption:<id>`), `refund` its refund line (`refund:<id>`), either absent. Nothing comes
 * back for a redemption that was refused, never seen, or is another learner's; the amount is what was debited.
 */
export function decideRefund(gems: number, email: string, redemptionId: string, debit: RefundLine | null, refund: RefundLine | null): RefundDecision {
  if (refund && refund.kind === 'refund' && refund.ref === redemptionId) return { outcome: 'duplicate' };
  if (!debit || debit.kind !== 'debit' || debit.ref !== redemptionId || debit.email !== email || debit.amount >= 0) return { outcome: 'not-debited' };
  const amount = -debit.amount;
  return { outcome: 'refunded', amount, gems: gems + amount };
}
