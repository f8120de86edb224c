import { AppError } from '@kidslearn/lib-core';
import { messages } from '../messages';
import type { RedemptionStore } from '../domain/ports';
import { deliveryRefusal, type Redemption } from '../domain/redemption';

/** An admin confirms a parcel was delivered: pending-delivery → delivered, exactly once; a repeat is answered, never re-applied. */
export async function deliverRedemption(store: RedemptionStore, id: string, now = new Date()): Promise<Redemption> {
  const delivered = await store.markDelivered(id, now);
  if (delivered) return delivered;
  const current = await store.findById(id);
  if (!current) throw AppError.notFound(messages.redemptionNotFound);
  // Final and idempotent: delivering again answers the delivered parcel and changes nothing.
  if (current.status === 'delivered') return current;
  throw AppError.conflict(deliveryRefusal(current.status) ?? messages.stillProcessing);
}
