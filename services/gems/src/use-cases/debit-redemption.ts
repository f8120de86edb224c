import { createEvent } from '@kidslearn/contracts';
import { decideDebit } from '../domain/balance';
import type { BalanceStore } from '../domain/ports';
import { debitOutcomeEvent, debitOutcomeFromLine } from './outcome-events';
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
 * redemption.requested → debit only when the balance covers it, else record the rejection.
 * Idempotent by event id and by redemptionId (both recorded in the same write as the effect).
 * A duplicate changes nothing but publishes the recorded outcome again (through the outbox), so a
 * re-drive of a redemption whose outcome was lost settles it.
 */
export async function debitRedemption(balances: BalanceStore, eventId: string, request: RedemptionRequested): Promise<DebitResult> {
  const { redemptionId, email, cost } = request;
  return retryOnConflict<DebitResult>(async () => {
    const current = await balances.findOrCreate(email);
    const lineId = redemptionLineId(redemptionId);
    const line = await balances.lineByKey(current, lineId);
    const decision = decideDebit({ gems: current.gems, ledger: line ? [line] : [] }, redemptionId, cost);
    if (decision.outcome === 'duplicate' || current.processedEventIds.includes(eventId)) {
      const recorded = line ? debitOutcomeFromLine(request, line) : null;
      // Every debit decision writes its line with the event id: an id without a line has nothing to tell.
      if (!recorded) return { done: true, value: { outcome: 'duplicate' } };
      const republished = await balances.commit(current, { gems: current.gems, events: [recorded] });
      return republished ? { done: true, value: { outcome: 'duplicate' } } : { done: false };
    }
    const at = new Date();
    const version = current.version + 1;
    const committed =
      decision.outcome === 'debited'
        ? await balances.commit(current, {
            gems: decision.gems,
            entry: { ref: redemptionId, kind: 'debit', amount: -cost, balance: decision.gems, at },
            eventId,
            lineId,
            events: [debitOutcomeEvent(request, true, decision.gems), createEvent('gems.balance.changed', { email, balance: decision.gems, version })],
          })
        : await balances.commit(current, {
            gems: current.gems,
            entry: { ref: redemptionId, kind: 'debit-rejected', amount: 0, balance: current.gems, at },
            eventId,
            lineId,
            events: [debitOutcomeEvent(request, false, current.gems)],
          });
    return committed ? { done: true, value: { outcome: decision.outcome, balance: decision.gems } } : { done: false };
  });
}
