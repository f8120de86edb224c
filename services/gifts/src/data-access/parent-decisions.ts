import { createEvent } from '@kidslearn/contracts';
import type { Outbox } from '@kidslearn/lib-mongo';
import { Types } from 'mongoose';
import type { ParentDecisions } from '../domain/ports';
import { toRedemption, type RedemptionDoc } from './redemption-model';

/**
 * A parent's decisions on a request that awaits them. Each is one write conditional on `status: 'awaiting-parent'`,
 * so two decisions at once (two tabs, two instances) apply one; a decline carries its `redemption.declined` in the
 * same write (outbox), so gems gives the gems back exactly when the request became declined, and never twice.
 */
export function createParentDecisions(outbox: Outbox<RedemptionDoc>): ParentDecisions {
  const model = outbox.model;
  return {
    async approve(id, address, at) {
      const doc = await model
        .findOneAndUpdate({ _id: new Types.ObjectId(id), status: 'awaiting-parent' }, { $set: { status: 'pending-delivery', parentDecision: 'approved', address, updatedAt: at } }, { new: true })
        .lean<RedemptionDoc>()
        .exec();
      return doc ? toRedemption(doc) : null;
    },

    async decline(redemption, at, byParent) {
      const event = createEvent('redemption.declined', { redemptionId: redemption.id, email: redemption.email, cost: redemption.cost });
      const set = { status: 'declined', updatedAt: at, ...(byParent ? { parentDecision: 'declined' } : {}) };
      const doc = await outbox.findOneAndUpdate({ _id: new Types.ObjectId(redemption.id), status: 'awaiting-parent' }, { $set: set }, [event]);
      return doc ? toRedemption(doc) : null;
    },

    awaitingParentOf: async (email) => (await model.find({ email, status: 'awaiting-parent' }).lean<RedemptionDoc[]>().exec()).map(toRedemption),
  };
}
