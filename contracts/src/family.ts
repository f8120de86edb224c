// Families (issue 24): what a parent's screens, the services' /family routes and the family events agree on.
// docs/CONTRACTS.md "Families" describes the flows; the owner of each route is named on its type.
import { z } from './zod';

/** PARENT_CONSENT: `required` (operator stack) holds a child's photo, standings row and gifts until a parent agrees. */
export const PARENT_CONSENT_MODES = ['required', 'optional'] as const;
export type ParentConsentMode = (typeof PARENT_CONSENT_MODES)[number];

/** A parent–child link's id (content makes it): opaque, safe in URLs and logs (no email in a path). */
export const linkIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a link id');
/** An invitation's token as the mail's link carries it (base64url of 32 random bytes). */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be an invitation token');

/** The most a parent may set as a monthly gem cap (a gift costs at most a few hundred gems). */
export const MONTHLY_GEM_CAP_MAX = 100_000;
export const monthlyGemCapSchema = z.number().int().min(0).max(MONTHLY_GEM_CAP_MAX).nullable();

/** GET /family/invitations/{token} (content, anyone holding the mail's link). */
export interface FamilyInvitation {
  /** the child's name as registered */
  childName: string;
  /** the address the invitation was sent to: the parent account must use it */
  parentEmail: string;
  /** whether an account with that email exists (then: sign in; else: create a parent account) */
  hasAccount: boolean;
  /** ISO 8601: the link stops working then */
  expiresAt: string;
}

/** POST /family/parents (content, anyone holding the token): a parent account for the invited address. */
export interface NewParentAccount {
  token: string;
  name: string;
  password: string;
}

/** POST /family/consents (content, the invited parent signed in). `refuse` erases the child's data. */
export interface ConsentDecision {
  token: string;
  decision: 'agree' | 'refuse';
}

/** PUT /family/parent (content, a learner): name a parent; a new invitation replaces one not answered yet. */
export interface NameParent {
  parentEmail: string;
}

/** GET /family/parent (content, a learner): the parent named, and whether they agreed. */
export interface MyParent {
  parentEmail: string | null;
  status: 'none' | 'invited' | 'consented';
  consentMode: ParentConsentMode;
}

/** GET /family/children (content, a parent): one per linked child who has consent. */
export interface FamilyChild {
  linkId: string;
  name: string;
  /** the child's avatar (absolute URL) or null */
  img: string | null;
  /** ISO 8601 */
  consentedAt: string;
  /** gift requests wait for the parent (default true) */
  approveGifts: boolean;
  /** gems the child may spend on gifts per calendar month (UTC); null = no cap */
  monthlyGemCap: number | null;
}

/** PATCH /family/children/{linkId} (content, the parent). */
export interface FamilySettings {
  approveGifts?: boolean;
  monthlyGemCap?: number | null;
}

/** GET /family/children/{linkId}/learning (quiz, the parent): the child's lessons and standings. */
export interface ChildLearning {
  lessons: ChildLessonRow[];
}
export interface ChildLessonRow {
  lessonId: string;
  lessonHeading: string;
  /** the child's best attempt */
  score: number;
  total: number;
  /** ISO 8601, of the best attempt */
  attemptedAt: string;
  /** the child's place in the lesson's standings (1 = first), null when the child is not ranked */
  rank: number | null;
  /** learners ranked in the lesson */
  learners: number;
}

/** GET /family/children/{linkId}/gems (gems, the parent): the balance and its history, newest first. */
export interface ChildGems {
  balance: number;
  lines: ChildGemLine[];
}
export interface ChildGemLine {
  kind: 'quiz' | 'review' | 'redemption' | 'refund' | 'adjustment';
  /** signed: earned > 0, spent < 0 */
  amount: number;
  /** ISO 8601 */
  at: string;
  /** quiz lines */
  lessonId?: string;
  /** redemption and refund lines */
  redemptionId?: string;
}

/**
 * Gifts (the parent): GET /family/children/{linkId}/redemptions (the child's requests, newest first, contracts'
 * Redemption), POST /family/redemptions/{id}/approval with the confirmed address (contracts' Address) →
 * pending-delivery, POST /family/redemptions/{id}/decline → declined (gems come back once).
 */
export type FamilyRedemptionAction = 'approval' | 'decline';
