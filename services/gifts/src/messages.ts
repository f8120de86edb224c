// Every user-facing string of the gifts service (SPEC §5 and §8 wording where the spec has one).
import { CHILD_NOT_FOUND, PARENTS_ONLY } from '@kidslearn/lib-service';

export const messages = {
  loginToRedeem: 'Please log in to redeem gifts.',
  fillRequiredFields: 'Please fill all required fields.',
  priceNotSet: 'Price not set for this gift',
  notEnoughGems: 'Not enough gems to redeem this gift.',
  giftNotFound: 'Gift not found.',
  giftIdRequired: 'Please choose a gift to redeem.',
  fieldTooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  invalidField: (field: string) => `${field} must be text.`,
  redemptionNotFound: 'Redemption not found.',
  alreadyDelivered: 'This parcel was already delivered.',
  badCursor: 'cursor is not valid; use nextCursor from the previous page.',
  badPageLimit: (max: number) => `limit must be a whole number from 1 to ${max}.`,
  badSearch: (max: number) => `q must be text of at most ${max} characters.`,
  stillProcessing: 'This redemption is still being processed. Try again in a moment.',
  rejectedCannotDeliver: 'This redemption was rejected and cannot be delivered.',
  deliveryStatusMustBeTrue: 'deliveryStatus must be true.',
  badIdempotencyKey: 'Idempotency-Key must be 1 to 100 visible characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another gift.',
  processing: 'processing',
  markedDelivered: 'Marked as delivered.',
  /** A token issued before its learner's data was erased. */
  accountErased: 'This account has been deleted.',
  // Families (issue 24): a parent decides a child's gift requests; the gifts screen says why a request is refused.
  awaitingParentCannotDeliver: "This gift is waiting for a parent's answer and cannot be delivered yet.",
  declinedCannotDeliver: 'A parent declined this gift; it cannot be delivered.',
  monthlyCap: 'This gift is over the monthly gem limit your parent set.',
  parentConsentRequired: 'A parent must agree before you can redeem gifts.',
  giftAlreadyApproved: 'You already approved this gift request.',
  giftAlreadyDeclined: 'You already declined this gift request.',
  notAwaitingParent: "This gift request is not waiting for a parent's answer.",
  /** lib-service's wording, the same in every service: another parent's child is answered exactly like none. */
  childNotFound: CHILD_NOT_FOUND,
  parentsOnly: PARENTS_ONLY,
} as const;
