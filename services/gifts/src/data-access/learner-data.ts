import type { Model } from 'mongoose';
import type { LearnerDataStore } from '../domain/ports';
import { toDto } from '../domain/redemption';
import type { ErasedRedemptionDoc } from './erased-redemption-model';
import { toRedemption, type RedemptionDoc } from './redemption-model';

/** A learner's gifts data, read for an export or removed for an erasure (their redemptions). */
export function learnerDataRepository(redemptions: Model<RedemptionDoc>, erased: Model<ErasedRedemptionDoc>): LearnerDataStore {
  return {
    async exportOf(email) {
      const docs = await redemptions.find({ email }, { outbox: 0, processedEventIds: 0 }).sort({ createdAt: 1, _id: 1 }).lean<RedemptionDoc[]>().exec();
      return { redemptions: docs.map((doc) => toDto(toRedemption(doc))) };
    },

    /**
     * Each redemption of the learner leaves its audit row (erased-redemption-model.ts) and is then deleted
     * with its address and unsent events; one still waiting for gems or for delivery is never sent. An
     * outcome gems sends later finds nothing to settle. Idempotent: the audit row is keyed by the
     * redemption's id, and a re-run handles whatever appeared since. Resolves with how many went.
     */
    async erase(email, erasedAt) {
      const docs = await redemptions.find({ email }, { giftId: 1, giftName: 1, cost: 1, status: 1, createdAt: 1, updatedAt: 1 }).lean<RedemptionDoc[]>().exec();
      for (const doc of docs) {
        const audit = { giftId: doc.giftId, giftName: doc.giftName, cost: doc.cost, status: doc.status, createdAt: doc.createdAt, erasedAt, ...(doc.updatedAt ? { updatedAt: doc.updatedAt } : {}) };
        await erased.updateOne({ _id: doc._id }, { $setOnInsert: audit }, { upsert: true }).exec();
        await redemptions.deleteOne({ _id: doc._id }).exec();
      }
      return docs.length;
    },
  };
}
