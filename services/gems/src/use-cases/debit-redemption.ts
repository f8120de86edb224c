import { createEvent } from '@kidslearn/lib-events';
import { decideDebit } from '../domain/balance';
import type { BalanceRepository } from '../data-access/balances';
import { retryOnConflict } from './retry';

export interface RedemptionRequested {
  redemptionId: string;
  email: string;
  cost: number;
}

/** One line per redemption, debited or refused, under a key derived from the redemption: found by id. */
export const redemptionLineId = (redemptionId: string) => `redemption:${redemptionId}`;

export type DebitResult = { outcome: 'duplicate' } | { outcome: 'debited' | 'rejected'; balance: number };

/**
 * redemption.requested → debit only when the balance covers the cost, else record the rejection.
 * Idempotent by event id and by redemptionId (both recorded in the same write as the effect).
 */
export async function debitRedemption(balances: BalanceRepository, eventId: string, request: RedemptionRequested): Promise<DebitResult> {
  const { redemptionId, email, cost } = request;
  return retryOnConflict<DebitResult>(async () => {
    const current = await balances.findOrCreate(email);
    if (current.processedEventIds.includes(eventId)) return { done: true, value: { outcome: 'duplicate' } };
    const lineId = redemptionLineId(redemptionId);
    const decision = decideDebit({ ...current, ledger: await balances.linesByKey(current, lineId, redemptionId) }, redemptionId, cost);
    if (decision.outcome === 'duplicate') return { done: true, value: decision };
    const at = new Date();
    const version = current.version + 1;
    const committed =
      decision.outcome === 'debited'
        ? await balances.commit(current, {
            gems: decision.gems,
            entry: { ref: redemptionId, kind: 'debit', amount: -cost, balance: decision.gems, at },
            eventId,
            lineId,
            events: [
              createEvent('gems.debited', { redemptionId, email, cost, balance: decision.gems }),
              createEvent('gems.balance.changed', { email, balance: decision.gems, version }),
            ],
          })
        : await balances.commit(current, {
            gems: current.gems,
            entry: { ref: redemptionId, kind: 'debit-rejected', amount: 0, balance: current.gems, at },
            eventId,
            lineId,
            events: [createEvent('gems.debit.rejected', { redemptionId, email, cost, balance: current.gems, reason: decision.reason })],
          });
    return committed ? { done: true, value: { outcome: decision.outcome, balance: decision.gems } } : { done: false };
  });
}
