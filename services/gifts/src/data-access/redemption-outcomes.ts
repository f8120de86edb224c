import { Types, type Model } from 'mongoose';
import { statusAfterDebit } from '../domain/family';
import type { GemsOutcome, RecordOutcome } from '../domain/ports';
import { toRedemption, type RedemptionDoc } from './redemption-model';

/**
 * requested → awaiting-parent | pending-delivery | rejected, recorded with the event id in the same write
 * (lib-mongo applyOnce's guard, written as findOneAndUpdate: the handler goes on with the redemption after it).
 * A redelivery, or an outcome for a redemption that moved on, changes nothing and reads the redemption as it is.
 *
 * A debit goes where the request's own `parentApproves` says, with no read of the family link: each of the two
 * statuses is a write conditional on that field, delivery (the common case: no parent, or one who does not approve)
 * tried first. A request that waits for its parent costs one write more, as the link read it replaces did.
 */
export function redemptionOutcomes(model: Model<RedemptionDoc>): RecordOutcome {
  return async (eventId, redemptionId, outcome) => {
    // An id that is not ours (e.g. another environment on the same broker) has nothing to settle.
    if (!Types.ObjectId.isValid(redemptionId)) return null;
    const _id = new Types.ObjectId(redemptionId);
    const settle = (status: RedemptionDoc['status'], when: Record<string, unknown> = {}) =>
      model
        .findOneAndUpdate(
          { _id, status: 'requested', processedEventIds: { $ne: eventId }, ...when },
          { $set: { status, balance: outcome.balance, ...reasonOf(outcome) }, $push: { processedEventIds: eventId } },
          { new: true },
        )
        .lean<RedemptionDoc>()
        .exec();
    const settled =
      outcome.status === 'rejected'
        ? await settle('rejected')
        : ((await settle(statusAfterDebit(false), { parentApproves: { $ne: true } })) ?? (await settle(statusAfterDebit(true), { parentApproves: true })));
    const doc = settled ?? (await model.findById(_id).lean<RedemptionDoc>().exec());
    return doc ? toRedemption(doc) : null;
  };
}

const reasonOf = (outcome: GemsOutcome) => (outcome.status === 'rejected' && outcome.reason ? { rejectReason: outcome.reason } : {});
