// What content's use cases and routes need from its data and its neighbours; data-access implements them.
import type { Event } from '@kidslearn/contracts';
import type { LessonView, NewLesson } from './lesson';
import type { ImageType } from './photo';
import type { AdminReviewView, NewReview, ReviewView } from './review';
import type { HoldReason } from './review-screening';
import type { Role, UserView } from './user';

export interface SignIn {
  email: string;
  name: string;
  role: Role;
  img?: string;
}

export interface UsersPageQuery {
  page: number;
  limit: number;
  search?: string;
}

export interface UsersStore {
  findByEmail(email: string): Promise<UserView | null>;
  findById(id: string): Promise<UserView | null>;
  /** The user's own picture (registration photo or first sign-in picture), an allowed avatar choice. */
  photoUrlOf(email: string): Promise<string | null>;
  /** Every user, in creation order (SPEC's GET /users). */
  list(): Promise<UserView[]>;
  /** One page in email order, optionally only those whose email or name starts with `search`, with the total. */
  page(query: UsersPageQuery): Promise<{ items: UserView[]; total: number }>;
  counts(): Promise<{ totalUsers: number; totalAdmin: number }>;
  /** After sign-in: creates or refreshes the caller's own record (announcing its name: user.profile.changed). */
  upsertOnSignIn(signIn: SignIn): Promise<{ user: UserView; created: boolean }>;
  /** The record made by registration: role user, 0 gems, the uploaded photo as avatar (announcing its name). */
  createRegistered(email: string, name: string, photoUrl: string): Promise<void>;
  setAvatar(email: string, img: string): Promise<UserView | null>;
  /** The local mirror of the Keycloak role. */
  setRole(id: string, email: string, role: Role): Promise<UserView | null>;
  /**
   * gems.balance.changed: the higher version wins; a user not known yet gets a minimal record. Resolves with what
   * the write did: `changed` a record that was there, `created` one (or may have: an upsert), or nothing (`stale`:
   * the record holds a newer or the same version).
   */
  applyGemsBalance(email: string, balance: number, version: number): Promise<'changed' | 'created' | 'stale'>;
  /** Erasure: the record goes, with any events it had not sent yet. */
  removeByEmail(email: string): Promise<void>;
}

export interface LessonsStore {
  list(): Promise<LessonView[]>;
  count(): Promise<number>;
  /** The lesson and its `lesson.created` event in one write. */
  create(input: NewLesson): Promise<LessonView>;
  /** An admin's delete, with its `lesson.deleted` (one write); false when no such lesson is listed. */
  remove(lessonId: string): Promise<boolean>;
  /** `lesson.created` again for every lesson whose own event already went out. */
  announcements(): Promise<Event<'lesson.created'>[]>;
}

export interface ReviewsStore {
  /** The landing page's list: published reviews only, newest first. */
  list(limit?: number): Promise<ReviewView[]>;
  /** A review held back by the blocklist is stored hidden and flagged, for an admin to decide. */
  create(input: NewReview, heldFor?: HoldReason | null): Promise<ReviewView>;
  /** Every review, hidden ones too, newest first, one page with the total (admin). */
  page(query: { page: number; limit: number }): Promise<{ items: AdminReviewView[]; total: number }>;
  /** Hides or shows a review; null when there is no such review. */
  setHidden(id: string, hidden: boolean): Promise<AdminReviewView | null>;
}

export interface AvatarsStore {
  urlOf(file: string): string;
  list(): Promise<{ _id: string; img: string }[]>;
  urls(): Promise<string[]>;
}

export interface StoredPhoto {
  data: Buffer;
  contentType: string;
  /** The learner it shows (lower-cased email). */
  owner: string;
}

export interface PhotosStore {
  urlOf(id: string): string;
  /** Re-encodes (metadata stripped, pixel limit) and stores the photo of `owner`; resolves with its random id. */
  save(buffer: Buffer, type: ImageType, owner: string): Promise<string>;
  find(id: string): Promise<StoredPhoto | null>;
  remove(id: string): Promise<void>;
}

/** What content holds about one learner, as the learner's export shows it. */
export interface ContentLearnerData {
  user: Record<string, unknown> | null;
  photos: { id: string; contentType: string; createdAt?: string; dataBase64: string }[];
  reviews: { id: string; name?: string; title?: string; email?: string; message: string; createdAt?: string; hidden?: boolean }[];
  /** the parent the learner named, and their answer (families) */
  family?: Record<string, unknown> | null;
}

/** A learner's records in content's database, found by their lower-cased email. */
export interface LearnerRecords {
  exportOf(email: string): Promise<ContentLearnerData>;
  /** Photos, (with `reviews`) the reviews posted with the email, and last the user record. Idempotent. */
  erase(email: string, options: { reviews: boolean }): Promise<void>;
  /** Reviewers' emails stored before `cutoff` are removed (retention); resolves with how many. */
  removeReviewEmailsBefore(cutoff: Date): Promise<number>;
  /** Records that may be an unverified registration, created before `cutoff`, oldest first. */
  unverifiedCandidates(cutoff: Date, limit?: number): Promise<{ id: string; email: string }[]>;
  /** The account of this record was found verified: later retention passes skip it. */
  markVerified(id: string, at: Date): Promise<void>;
}

/** The tombstones of erased learners (lib-mongo erasures.ts); content's carry the `learner.erased` it announces. */
export interface ErasureTombstones {
  record(email: string, erasedAt: Date, events?: Event[]): Promise<void>;
}

/** The other services' parts of an export, each from its own GET /learner-data/{email} with the caller's token. */
export type PeerPart = 'quiz' | 'gems' | 'gifts';
export type PeerLearnerData = (service: PeerPart, email: string, authorization: string) => Promise<Record<string, unknown>>;
