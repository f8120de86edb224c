// SPEC §3: a redemption's states and its delivery address, as the gifts service answers them and the
// learner's and the admin's screens read them.

/**
 * requested → pending-delivery (gems debited) → delivered (admin confirmed)
 * requested → rejected (gems refused the debit). No other transition exists.
 */
export type RedemptionStatus = 'requested' | 'pending-delivery' | 'rejected' | 'delivered';

export interface Address {
  name: string;
  phone: string;
  address1: string;
  address2?: string;
  city: string;
  postalCode: string;
  notes?: string;
}
