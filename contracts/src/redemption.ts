// SPEC §3: a redemption's states and its delivery address, as the gifts service answers them and the
// learner's and the admin's screens read them.

/**
 * requested → pending-delivery (gems debited) → delivered (admin confirmed)
 * requested → rejected (gems refused the debit).
 * Families: requested → awaiting-parent (gems debited and held; the child's parent approves gifts) →
 * pending-delivery (the parent confirmed the address) | declined (the parent said no; gems come back once).
 * No other transition exists.
 */
export type RedemptionStatus = 'requested' | 'awaiting-parent' | 'pending-delivery' | 'rejected' | 'declined' | 'delivered';

export interface Address {
  name: string;
  phone: string;
  address1: string;
  address2?: string;
  city: string;
  postalCode: string;
  notes?: string;
}

/** A redemption as the gifts service answers it (POST /redemptions, GET /redemptions[/mine], PATCH …/delivery). */
export interface Redemption {
  _id: string;
  email: string;
  giftId: string;
  giftName: string;
  /** absolute URL on the gateway's origin */
  giftImg: string;
  cost: number;
  /** absent once the retention job removed it (a parcel delivered or refused long ago) */
  address?: Address;
  /** ISO 8601 */
  createdAt: string;
  /** SPEC §3: true only once delivered */
  deliveryStatus: boolean;
  updatedAt?: string;
  status: RedemptionStatus;
}

/**
 * POST /redemptions answers: 201 debited (`gems` = the new balance), 202 `{ status: 'processing' }` (gems has
 * not decided yet; it settles later), 400 `code: 'not_enough_gems'` with the balance gems refused it at.
 */
export type RedeemReply =
  | { redemption: Redemption; gems: number | null }
  | { status: string; redemption: Redemption }
  | { error: string; message: string; code: 'not_enough_gems'; gems: number | null; redemption: Redemption };

/** Longest search text GET /redemptions accepts (characters, after trimming); the admin's search box stops there. */
export const PENDING_SEARCH_MAX = 100;

/**
 * GET /redemptions?limit=&cursor=&q= (admin). `q` finds pending parcels whose gift name, recipient name, city or
 * email contains it (any case, taken literally); the cursor of a searched page continues the same search.
 */
export interface PendingRedemptionsQuery {
  /** 1 to 100, default 20 */
  limit?: number;
  /** nextCursor of the previous page */
  cursor?: string;
  /** at most PENDING_SEARCH_MAX characters; blank = no search */
  q?: string;
}

/** GET /redemptions?limit=&cursor=&q= (admin): pending parcels, oldest first. */
export interface PendingRedemptionsPage {
  items: Redemption[];
  /** pending parcels in all */
  total: number;
  /** pending parcels that match `q` in all (= total without a search) */
  matches: number;
  /** where the next page starts; null on the last */
  nextCursor: string | null;
}
