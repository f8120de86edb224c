import { createEvent } from '@kidslearn/contracts';
import { isDuplicateKeyError, type Outbox } from '@kidslearn/lib-mongo';
import { Types, type FilterQuery, type Model } from 'mongoose';
import type { NewRedemption, RedemptionStore } from '../domain/ports';
import { literalPattern, PENDING_SEARCH_FIELDS } from '../domain/pending-search';
import { toRedemption, type RedemptionDoc } from './redemption-model';

const LIST_LIMIT = 1000;

/** Pending parcels, those matching the admin's search when given (a literal, escaped pattern: no injection). */
const pendingFilter = (search?: string): FilterQuery<RedemptionDoc> => {
  if (!search) return { status: 'pending-delivery' };
  const pattern = literalPattern(search);
  return { status: 'pending-delivery', $or: PENDING_SEARCH_FIELDS.map((field) => ({ [field]: pattern })) };
};

/** Redemptions in the service's database; a redemption and its `redemption.requested` are one insert (outbox). */
export function createRedemptionStore(outbox: Outbox<RedemptionDoc>): RedemptionStore {
  const model: Model<RedemptionDoc> = outbox.model;
  const lean = async (query: Promise<RedemptionDoc | null>) => {
    const doc = await query;
    return doc ? toRedemption(doc) : null;
  };

  const store: RedemptionStore = {
    newId: () => new Types.ObjectId().toString(),

    async request(input: NewRedemption) {
      const _id = new Types.ObjectId(input.id);
      const idempotencyKey = input.idempotencyKey ?? `auto:${_id.toString()}`;
      const event = createEvent('redemption.requested', { redemptionId: _id.toString(), email: input.email, cost: input.cost });
      try {
        const doc = await outbox.insert(
          {
            _id,
            email: input.email,
            giftId: input.gift.id,
            giftName: input.gift.name,
            giftImg: input.gift.img,
            cost: input.cost,
            address: input.address,
            status: 'requested',
            deliveryStatus: false,
            idempotencyKey,
            createdAt: input.createdAt,
            ...(input.spendMonth ? { spendMonth: input.spendMonth } : {}),
            parentApproves: input.parentApproves,
          },
          [event],
        );
        return { redemption: toRedemption(doc), created: true, idempotencyKey };
      } catch (err) {
        if (!isDuplicateKeyError(err) || input.idempotencyKey === null) throw err;
        const existing = await store.findByKey(input.email, idempotencyKey);
        if (!existing) throw err;
        return { redemption: existing, created: false, idempotencyKey };
      }
    },

    republish: (id) => outbox.kick(new Types.ObjectId(id)),

    findById: (id) => (Types.ObjectId.isValid(id) ? lean(model.findById(id).lean<RedemptionDoc>().exec()) : Promise.resolve(null)),

    findByKey: (email, idempotencyKey) => lean(model.findOne({ email, idempotencyKey }).lean<RedemptionDoc>().exec()),

    // Conditional on the status, so two admins clicking at once deliver once.
    markDelivered: (id, at) =>
      lean(
        model
          .findOneAndUpdate({ _id: new Types.ObjectId(id), status: 'pending-delivery' }, { $set: { status: 'delivered', deliveryStatus: true, updatedAt: at } }, { new: true })
          .lean<RedemptionDoc>()
          .exec(),
      ),

    async listPendingDelivery(page) {
      const after = page?.after;
      const filter = pendingFilter(page?.search);
      // The cursor's position in an $and, beside the search's own $or (both must hold).
      if (after) filter.$and = [{ $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: new Types.ObjectId(after.id) } }] }];
      // Oldest first, so the parcels waiting longest are never the ones cut off.
      const docs = await model
        .find(filter)
        .sort({ createdAt: 1, _id: 1 })
        .limit(page?.limit ?? LIST_LIMIT)
        .lean<RedemptionDoc[]>()
        .exec();
      return docs.map(toRedemption);
    },
    countPendingDelivery: (search) => model.countDocuments(pendingFilter(search)).exec(),
    listByEmail: async (email) => (await model.find({ email }).sort({ createdAt: -1, _id: -1 }).limit(LIST_LIMIT).lean<RedemptionDoc[]>().exec()).map(toRedemption),
  };
  return store;
}
