// Families (issue 24): what a child's link to a parent changes for gifts. Pure rules; the links themselves are
// lib-service's replica (family-links.ts), read through the FamilyLinkReader port.
import type { ParentConsentMode } from '@kidslearn/contracts';
import { messages } from '../messages';
import type { ParentDecision, Redemption } from './redemption';

/** A child's link to their parent, as gifts reads it. */
export interface ChildLink {
  parentEmail: string;
  approveGifts: boolean;
  /** gems the child may spend on gifts per UTC calendar month; null = no cap */
  monthlyGemCap: number | null;
}

/**
 * Whether a request waits for the parent once debited: the link as it is when the learner asks (kept with the
 * request, so the debit's outcome needs no second read of the link, and the learner is answered under the settings
 * it asked under).
 */
export function parentApprovesGifts(link: Pick<ChildLink, 'approveGifts'> | null): boolean {
  return link?.approveGifts === true;
}

/** A debited request waits for the parent when they approved gifts as it was asked (`parentApprovesGifts`). */
export function statusAfterDebit(parentApproves: boolean): 'awaiting-parent' | 'pending-delivery' {
  return parentApproves ? 'awaiting-parent' : 'pending-delivery';
}

/** PARENT_CONSENT=required: a learner without a linked (consenting) parent redeems nothing. */
export function consentMissing(mode: ParentConsentMode, link: ChildLink | null): boolean {
  return mode === 'required' && link === null;
}

/** Whether `email` (lower-cased, from the token) is the parent of the child whose link this is. */
export function isParentOf(link: Pick<ChildLink, 'parentEmail'> | null, email: string): boolean {
  return link !== null && link.parentEmail === email.toLowerCase();
}

export type DecisionVerdict = { kind: 'apply' } | { kind: 'repeat' } | { kind: 'refused'; message: string };

/**
 * A parent's decision on a request: applied only while it awaits the parent; the same decision again is answered
 * with the request as it is (idempotent); the other decision, or a request that never waited, is refused (409).
 */
export function judgeDecision(r: Pick<Redemption, 'status' | 'parentDecision'>, wanted: ParentDecision): DecisionVerdict {
  if (r.status === 'awaiting-parent') return { kind: 'apply' };
  if (r.parentDecision === wanted) return { kind: 'repeat' };
  if (r.parentDecision) return { kind: 'refused', message: r.parentDecision === 'approved' ? messages.giftAlreadyApproved : messages.giftAlreadyDeclined };
  return { kind: 'refused', message: messages.notAwaitingParent };
}
