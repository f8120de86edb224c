import { Types, type Model } from 'mongoose';
import type { RecordOutcome } from '../domain/ports';
import { toRedemption, type RedemptionDoc } from './redemption-model';

/**
 * requested → awaiting-parent | pending-delivery | rejected, recorded with the event id in the same write
 * (lib-mongo applyOnce's guard, written as findOneAndUpdate: the handler goes on with the redemption after it).
 * A redelivery, or an outcome for a redemption that moved on, changes nothing and reads the redemption as it is.
 */
export function redemptionOutcomes(model: Model<RedemptionDoc>): RecordOutcome {
  return async (eventId, redemptionId, outcome) => {
    // An id that is not ours (e.g. another environment on the same broker) has nothing to settle.
    if (!Types.ObjectId.isValid(redemptionId)) return null;
    const _id = new Types.ObjectId(redemptionId);
    const set: Record<string, unknown> = { status: outcome.status, balance: outcome.balance };
    if (outcome.reason) set.rejectReason = outcome.reason;
    const settled = await model
      .findOneAndUpdate({ _id, status: 'requested', processedEventIds: { $ne: eventId } }, { $set: set, $push: { processedEventIds: eventId } }, { new: true })
      .lean<RedemptionDoc>()
      .exec();
    const doc = settled ?? (await model.findById(_id).lean<RedemptionDoc>().exec());
    return doc ? toRedemption(doc) : null;
  };
}
