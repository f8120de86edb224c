// A gift of the catalog (SPEC §3): cost in gems; missing or non-positive means "price not set".
export interface Gift {
  id: string;
  name: string;
  img: string;
  cost?: number;
}

/** The gift's price in gems, or null when no valid price is set (it cannot be redeemed then). */
export function priceOf(gift: Pick<Gift, 'cost'>): number | null {
  const { cost } = gift;
  return typeof cost === 'number' && Number.isFinite(cost) && cost > 0 ? cost : null;
}

/**
 * Gift images are served by this service under /assets/gifts/ and shown by the portal on another
 * origin, so they are answered as absolute URLs on the public (gateway) origin, like content's avatars.
 * An already absolute URL is kept.
 */
export function publicImageUrl(img: string, publicUrl: string): string {
  return new URL(img, publicUrl).toString();
}
