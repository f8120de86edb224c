import { statusAfterDebit } from '../domain/family';
import { releasesSpend } from '../domain/monthly-cap';
import type { FamilyLinkReader, MonthlySpend, OutcomeWaiter, RecordOutcome, SettledOutcome } from '../domain/ports';
import type { Redemption } from '../domain/redemption';
import { releaseSpendOf } from './release-spend';

export interface SettleRedemptionDeps {
  recordOutcome: RecordOutcome;
  outcomes: Pick<OutcomeWaiter, 'announce'>;
  family: FamilyLinkReader;
  spend: Pick<MonthlySpend, 'release'>;
}

/**
 * gems debited a request: it waits for the learner's parent when the link (as it is now, when the debit settles)
 * says they approve gifts — the gems stay held — else it goes to delivery.
 */
export async function settleDebit(deps: SettleRedemptionDeps, eventId: string, data: { redemptionId: string; email: string; balance: number }): Promise<void> {
  const status = statusAfterDebit(await deps.family.ofChild(data.email));
  await settleRedemption(deps, eventId, data.redemptionId, { status, balance: data.balance });
}

/**
 * gems answered a `redemption.requested`: the redemption leaves `requested` (once: a redelivery or a late copy
 * changes nothing), a rejected one gives its cost back to the month, then whoever waits for it is told. Recorded
 * before it is announced: the answered learner, and an admin right after, read the redemption in its new state.
 * The announcement says what the redemption holds, also on a redelivery (the first handler may have died before
 * announcing), never what this event alone would have made of it.
 */
export async function settleRedemption(deps: SettleRedemptionDeps, eventId: string, redemptionId: string, outcome: SettledOutcome & { reason?: string }): Promise<void> {
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
