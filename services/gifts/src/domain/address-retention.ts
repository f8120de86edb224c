const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Retention of delivery addresses (docs/SECURITY.md): a parcel's address is needed until it is delivered;
 * it is kept `days` more for questions about the delivery, then removed. A refused redemption never ships:
 * its address goes after the same period from the request.
 */
export async function expireDeliveryAddresses(
  removeBefore: (cutoff: Date, now: Date) => Promise<number>,
  { days, now }: { days: number; now: Date },
): Promise<number> {
  return removeBefore(new Date(now.getTime() - days * DAY_MS), now);
}
