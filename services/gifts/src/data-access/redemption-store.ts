import { createEvent, type EventEnvelope } from '@kidslearn/lib-events';
import { withOutbox } from '@kidslearn/lib-mongo';
import { Types, type Model } from 'mongoose';
import type { NewRedemption, RedemptionStore } from '../domain/ports';
import { toRedemption, type RedemptionDoc } from './redemption-model';

const LIST_LIMIT = 1000;

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/** Redemptions in FerretDB/MongoDB; every change and its event are one single-document write. */
/** `afterWrite` gets each written redemption's id and the events stored with it (for the outbox relay). */
export function createRedemptionStore(model: Model<RedemptionDoc>, afterWrite: (id: Types.ObjectId, events: EventEnvelope[]) => void, publicUrl?: string): RedemptionStore {
  const view = (doc: RedemptionDoc) => toRedemption(doc, publicUrl);
  const lean = async (query: Promise<RedemptionDoc | null>) => {
    const doc = await query;
    return doc ? view(doc) : null;
  };

  const store: RedemptionStore = {
    newId: () => new Types.ObjectId().toString(),

    async request(input: NewRedemption) {
      const _id = new Types.ObjectId(input.id);
      const idempotencyKey = input.idempotencyKey ?? `auto:${_id.toString()}`;
      const event = createEvent('redemption.requested', { redemptionId: _id.toString(), email: input.email, cost: input.cost });
      try {
        const doc = await model.create({
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
          createdAt: new Date(),
          outbox: [event],
        });
        afterWrite(_id, [event]);
        return { redemption: view(doc.toObject()), created: true, idempotencyKey };
      } catch (err) {
        if (!isDuplicateKey(err) || input.idempotencyKey === null) throw err;
        const existing = await store.findByKey(input.email, idempotencyKey);
        if (!existing) throw err;
        return { redemption: existing, created: false, idempotencyKey };
      }
    },

    findById: (id) => (Types.ObjectId.isValid(id) ? lean(model.findById(id).lean<RedemptionDoc>().exec()) : Promise.resolve(null)),

    findByKey: (email, idempotencyKey) => lean(model.findOne({ email, idempotencyKey }).lean<RedemptionDoc>().exec()),

    async markDelivered(id, at) {
      const current = await store.findById(id);
      if (!current || current.status !== 'pending-delivery') return null;
      const event = createEvent('redemption.delivered', { redemptionId: id, email: current.email });
      // Conditional on the status, so two admins clicking at once deliver (and publish) once.
      const updated = await lean(
        model
          .findOneAndUpdate(
            { _id: new Types.ObjectId(id), status: 'pending-delivery' },
            withOutbox({ $set: { status: 'delivered', deliveryStatus: true, updatedAt: at } }, event),
            { new: true },
          )
          .lean<RedemptionDoc>()
          .exec(),
      );
      if (updated) afterWrite(new Types.ObjectId(id), [event]);
      return updated;
    },

    async listPendingDelivery(page) {
      const after = page?.after;
      const filter = after
        ? { status: 'pending-delivery', $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: new Types.ObjectId(after.id) } }] }
        : { status: 'pending-delivery' };
      // Oldest first, so the parcels waiting longest are never the ones cut off.
      const docs = await model
        .find(filter)
        .sort({ createdAt: 1, _id: 1 })
        .limit(page?.limit ?? LIST_LIMIT)
        .lean<RedemptionDoc[]>()
        .exec();
      return docs.map(view);
    },
    countPendingDelivery: () => model.countDocuments({ status: 'pending-delivery' }).exec(),
    listByEmail: async (email) => (await list(model, { email })).map(view),
  };
  return store;
}

function list(model: Model<RedemptionDoc>, filter: Record<string, string>): Promise<RedemptionDoc[]> {
  return model.find(filter).sort({ createdAt: -1, _id: -1 }).limit(LIST_LIMIT).lean<RedemptionDoc[]>().exec();
}
