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
 * gems answered a `redemption.requested`: mark the redemption pending-delivery or rejected, then
 * wake whoever waits for it. Redelivery changes nothing (applyOnce + the status condition).
 */
export function gemsOutcomeHandler(settle: SettleRedemption, announce: (redemptionId: string) => Promise<void>) {
  return async (event: EventEnvelope): Promise<void> => {
    const data = parseEventData(outcomeSchema, event);
    const status = event.type === 'gems.debited' ? 'pending-delivery' : 'rejected';
    await settle(event.id, data.redemptionId, { status, balance: data.balance, ...(data.reason ? { reason: data.reason } : {}) });
    await announce(data.redemptionId);
  };
}
