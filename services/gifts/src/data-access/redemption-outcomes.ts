import { groupCommit } from '@kidslearn/lib-mongo';
import { Types, type Model } from 'mongoose';
import { statusAfterDebit } from '../domain/family';
import type { GemsOutcome, RecordOutcome } from '../domain/ports';
import type { Redemption } from '../domain/redemption';
import { toRedemption, type RedemptionDoc } from './redemption-model';

interface Outcome {
  eventId: string;
  _id: Types.ObjectId;
  outcome: GemsOutcome;
}

/**
 * At most this many outcomes are written together: two statements each, and FerretDB 1.24 hangs on an `update` of 100
 * statements or more (lib-mongo local-database.ts).
 */
const MAX_GROUP = 40;

/**
 * requested → awaiting-parent | pending-delivery | rejected, recorded with the event id in the same write
 * (lib-mongo applyOnce's guard). A redelivery, or an outcome for a redemption that moved on, changes nothing; either
 * way the redemption is answered as it then is (the handler announces what it holds, never what the event alone
 * would have made of it).
 *
 * A debit goes where the request's own `parentApproves` says, with no read of the family link: each of the two
 * statuses is a write conditional on that field, so at most one of them applies.
 *
 * The outcomes that come together (a consumer handles up to its prefetch at once; under load gifts' queue is seldom
 * empty) are written as a group (lib-mongo groupCommit): one bulk write of their guarded updates, then one read of
 * the redemptions, where each alone costs a `findOneAndUpdate` (and a read when it changed nothing). Each statement
 * keeps its own guard, so a group settles exactly what its outcomes would have one by one.
 */
export function redemptionOutcomes(model: Model<RedemptionDoc>): RecordOutcome {
  const guardedUpdates = ({ eventId, _id, outcome }: Outcome) => {
    const settle = (status: RedemptionDoc['status'], when: Record<string, unknown> = {}) => ({
      filter: { _id, status: 'requested', processedEventIds: { $ne: eventId }, ...when },
      update: { $set: { status, balance: outcome.balance, ...reasonOf(outcome) }, $push: { processedEventIds: eventId } },
    });
    return outcome.status === 'rejected'
      ? [settle('rejected')]
      : // Delivery (the common case: no parent, or one who does not approve) first.
        [settle(statusAfterDebit(false), { parentApproves: { $ne: true } }), settle(statusAfterDebit(true), { parentApproves: true })];
  };

  const recordOne = async (item: Outcome): Promise<Redemption | null> => {
    for (const { filter, update } of guardedUpdates(item)) {
      const settled = await model.findOneAndUpdate(filter, update, { new: true }).lean<RedemptionDoc>().exec();
      if (settled) return toRedemption(settled);
    }
    const doc = await model.findById(item._id).lean<RedemptionDoc>().exec();
    return doc ? toRedemption(doc) : null;
  };

  const recordMany = async (items: Outcome[]): Promise<Array<Redemption | null>> => {
    await model.bulkWrite(
      items.flatMap((item) => guardedUpdates(item).map((updateOne) => ({ updateOne }))),
      { ordered: true },
    );
    const docs = await model.find({ _id: { $in: items.map(({ _id }) => _id) } }).lean<RedemptionDoc[]>().exec();
    const byId = new Map(docs.map((doc) => [doc._id.toString(), toRedemption(doc)]));
    return items.map(({ _id }) => byId.get(_id.toString()) ?? null);
  };

  const record = groupCommit((items: Outcome[]) => (items.length === 1 ? recordOne(items[0]!).then((one) => [one]) : recordMany(items)), { maxBatch: MAX_GROUP });

  return async (eventId, redemptionId, outcome) => {
    // An id that is not ours (e.g. another environment on the same broker) has nothing to settle.
    if (!Types.ObjectId.isValid(redemptionId)) return null;
    return record({ eventId, _id: new Types.ObjectId(redemptionId), outcome });
  };
}

const reasonOf = (outcome: GemsOutcome) => (outcome.status === 'rejected' && outcome.reason ? { rejectReason: outcome.reason } : {});
