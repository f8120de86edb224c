import { createEvent } from '@kidslearn/contracts';
import { decideRefund, type RefundDecision } from '../domain/refund';
import type { BalanceStore } from '../domain/ports';
import { redemptionLineId } from './debit-redemption';
import { retryOnConflict } from './retry';

export interface RedemptionDeclined {
  redemptionId: string;
  email: string;
  cost: number;
}

/** One refund line per redemption, under a key derived from it: found by id, whatever event brought it. */
export const refundLineId = (redemptionId: string) => `refund:${redemptionId}`;

export type RefundResult = RefundDecision['outcome'];

/**
 * redemption.declined (a parent said no to a gift whose gems were held) → the debited gems come back, once: the
 * event id (processedEventIds) and the refund's line (keyed by redemptionId) are written in the same
 * version-guarded write as the credit, so a redelivery, a copy racing on another instance or a second event for
 * the same redemption finds them and changes nothing. A redemption never debited (refused, unknown, another
 * learner's) gets nothing and leaves no trace; no balance is created for it.
 */
export async function refundRedemption(balances: BalanceStore, eventId: string, declined: RedemptionDeclined): Promise<RefundResult> {
  const { redemptionId, email } = declined;
  return retryOnConflict<RefundResult>(async () => {
    const current = await balances.find(email);
    if (!current) return { done: true, value: 'not-debited' };
    if (current.processedEventIds.includes(eventId)) return { done: true, value: 'duplicate' };
    const lineId = refundLineId(redemptionId);
    const [debit, refund] = await Promise.all([balances.lineByKey(current, redemptionLineId(redemptionId)), balances.lineByKey(current, lineId)]);
    const decision = decideRefund(current.gems, email, redemptionId, debit, refund);
    if (decision.outcome !== 'refunded') return { done: true, value: decision.outcome };
    const committed = await balances.commit(current, {
      gems: decision.gems,
      entry: { ref: redemptionId, kind: 'refund', amount: decision.amount, balance: decision.gems, at: new Date() },
      eventId,
      lineId,
      events: [createEvent('gems.balance.changed', { email, balance: decision.gems, version: current.version + 1 })],
    });
    return committed ? { done: true, value: 'refunded' } : { done: false };
  });
}
