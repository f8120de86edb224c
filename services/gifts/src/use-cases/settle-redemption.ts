import type { OutcomeWaiter, RecordOutcome, SettledOutcome } from '../domain/ports';

export interface SettleRedemptionDeps {
  recordOutcome: RecordOutcome;
  outcomes: Pick<OutcomeWaiter, 'announce'>;
}

/**
 * gems answered a `redemption.requested`: the redemption becomes pending-delivery or rejected (once: a redelivery
 * or a late copy changes nothing), then whoever waits for it is told. Recorded before it is announced: the
 * answered learner, and an admin right after, read the redemption in its new state.
 */
export async function settleRedemption(deps: SettleRedemptionDeps, eventId: string, redemptionId: string, outcome: SettledOutcome & { reason?: string }): Promise<void> {
  await deps.recordOutcome(eventId, redemptionId, outcome);
  await deps.outcomes.announce(redemptionId, { status: outcome.status, balance: outcome.balance });
}
