import { createEvent } from '@kidslearn/contracts';
import type { Logger } from '@kidslearn/lib-core';
import { createReconciler, type Outbox, type Reconciler } from '@kidslearn/lib-mongo';
import type { RedemptionDoc } from './redemption-model';

export interface RedemptionReconcilerOptions {
  logger: Logger;
  afterMs: number;
  maxRedrives: number;
}

/**
 * Redemptions still "requested" after `afterMs` get a redemption.requested again. gems recognises a
 * redemption by its id (its ledger line), so it debits at most once and answers a repeat with the
 * recorded outcome (gems.debited / gems.debit.rejected), which settles the redemption here.
 */
export function redemptionReconciler(outbox: Outbox<RedemptionDoc>, opts: RedemptionReconcilerOptions): Reconciler {
  return createReconciler<RedemptionDoc>({
    name: 'gifts-redemptions',
    outbox,
    logger: opts.logger,
    unsettled: { status: 'requested' },
    afterMs: opts.afterMs,
    maxRedrives: opts.maxRedrives,
    // The request happened when the redemption was made: the re-sent event says so, so gems drops it for a
    // learner erased since (lib-mongo erasures.ts) however late the re-drive comes.
    eventFor: (r) => ({ ...createEvent('redemption.requested', { redemptionId: r._id.toString(), email: r.email, cost: r.cost }), occurredAt: new Date(r.createdAt).toISOString() }),
  });
}
