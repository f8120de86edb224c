import type { EventEnvelope } from '@kidslearn/lib-events';
import { parseEventData } from '@kidslearn/lib-events';
import { z } from 'zod';

export const GEMS_OUTCOME_EVENTS = ['gems.debited', 'gems.debit.rejected'] as const;

const outcomeSchema = z.object({
  redemptionId: z.string().min(1),
  email: z.string(),
  cost: z.number(),
  balance: z.number(),
  reason: z.string().optional(),
});

export interface SettleRedemption {
  /** Applies the outcome once (keyed by event id) if the redemption is still requested. */
  (eventId: string, redemptionId: string, outcome: { status: 'pending-delivery' | 'rejected'; balance: number; reason?: string }): Promise<void>;
}

/**
 * gems answered a `redemption.requested`: mark the redemption pending-delivery or rejected, and tell
 * whoever waits for it. Redelivery changes nothing (applyOnce + the status condition).
 */
export function gemsOutcomeHandler(settle: SettleRedemption, announce: (redemptionId: string, outcome: { status: 'pending-delivery' | 'rejected'; balance: number }) => Promise<void>) {
  return async (event: EventEnvelope): Promise<void> => {
    const data = parseEventData(outcomeSchema, event);
    const status = event.type === 'gems.debited' ? 'pending-delivery' : 'rejected';
    // Recorded before it is announced: the answered learner, and an admin right after, read the redemption
    // in its new state (announcing while recording let an immediate read still see "requested").
    await settle(event.id, data.redemptionId, { status, balance: data.balance, ...(data.reason ? { reason: data.reason } : {}) });
    await announce(data.redemptionId, { status, balance: data.balance });
  };
}
