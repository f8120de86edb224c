import { releasesSpend } from '../domain/monthly-cap';
import type { GemsOutcome, MonthlySpend, OutcomeWaiter, RecordOutcome, SettledOutcome } from '../domain/ports';
import type { Redemption } from '../domain/redemption';
import { releaseSpendOf } from './release-spend';

export interface SettleRedemptionDeps {
  recordOutcome: RecordOutcome;
  outcomes: Pick<OutcomeWaiter, 'announce'>;
  spend: Pick<MonthlySpend, 'release'>;
}

/**
 * gems answered a `redemption.requested`: the redemption leaves `requested` (once: a redelivery or a late copy
 * changes nothing) — a debited one to the learner's parent when they approved gifts as the learner asked (the gems stay
 * held), else to delivery — a rejected one gives its cost back to the month, then whoever waits for it is told. Recorded
 * before it is announced: the answered learner, and an admin right after, read the redemption in its new state.
 * The announcement says what the redemption holds, also on a redelivery (the first handler may have died before
 * announcing), never what this event alone would have made of it.
 */
export async function settleRedemption(deps: SettleRedemptionDeps, eventId: string, redemptionId: string, outcome: GemsOutcome): Promise<void> {
  const redemption = await deps.recordOutcome(eventId, redemptionId, outcome);
  if (!redemption) return;
  if (releasesSpend(redemption.status)) await releaseSpendOf(deps.spend, redemption);
  const settled = announced(redemption, outcome.balance);
  if (settled) await deps.outcomes.announce(redemptionId, settled);
}

/** The outcome a waiting request is told, while the redemption is in one of gems' outcomes. */
function announced(r: Redemption, balance: number): SettledOutcome | null {
  if (r.status !== 'awaiting-parent' && r.status !== 'pending-delivery' && r.status !== 'rejected') return null;
  return { status: r.status, balance: r.balance ?? balance };
}
