import type { Model } from 'mongoose';
import type { RedemptionDoc } from './redemption-model';

/**
 * Removes the address of every parcel delivered before `cutoff`, of every redemption refused before it (it was
 * never needed) and of every one a parent declined before it: the learner keeps the record of the gift, the
 * address goes. One update each; repeating it changes nothing. Resolves with how many addresses were removed.
 */
export async function removeAddressesBefore(model: Model<RedemptionDoc>, cutoff: Date, now: Date): Promise<number> {
  const removal = { $unset: { address: '' }, $set: { addressRemovedAt: now } };
  const delivered = await model.updateMany({ status: 'delivered', updatedAt: { $lt: cutoff }, address: { $exists: true } }, removal);
  const refused = await model.updateMany({ status: 'rejected', createdAt: { $lt: cutoff }, address: { $exists: true } }, removal);
  const declined = await model.updateMany({ status: 'declined', updatedAt: { $lt: cutoff }, address: { $exists: true } }, removal);
  return delivered.modifiedCount + refused.modifiedCount + declined.modifiedCount;
}
