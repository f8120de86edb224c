import type { ReviewsStore } from '../domain/ports';
import { displayName, type AdminReviewView, type ReviewView } from '../domain/review';
import type { HoldReason } from '../domain/review-screening';
import type { Models } from './models';

type ReviewLike = {
  _id: unknown;
  name?: string | null;
  title?: string | null;
  message: string;
  createdAt?: Date | null;
  hidden?: boolean | null;
  flagged?: boolean | null;
  flagReason?: string | null;
};

// The reviewer's email is kept for the team but never published on the landing page, nor shown to admins.
export function toReviewView(doc: ReviewLike): ReviewView {
  return {
    _id: String(doc._id),
    name: displayName(doc.name),
    title: doc.title ?? '',
    message: doc.message,
    createdAt: (doc.createdAt ?? new Date(0)).toISOString(),
  };
}

function toAdminReviewView(doc: ReviewLike): AdminReviewView {
  const view: AdminReviewView = { ...toReviewView(doc), hidden: doc.hidden === true, flagged: doc.flagged === true };
  if (doc.flagged && doc.flagReason) view.flagReason = doc.flagReason as HoldReason;
  return view;
}

// Published: not hidden by moderation.
const PUBLISHED = { hidden: { $ne: true } };
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
const NO_EMAIL = '-email';

export function createReviewsStore({ Review }: Models) {
  const store: ReviewsStore = {
    /** The landing page's list: published reviews only, newest first. */
    async list(limit = 50) {
      const docs = await Review.find(PUBLISHED).select(NO_EMAIL).sort(NEWEST_FIRST).limit(limit).lean();
      return docs.map((doc) => toReviewView(doc as ReviewLike));
    },

    /** A review held back by the blocklist is stored hidden and flagged, for an admin to decide. */
    async create(input, heldFor = null) {
      const moderation = heldFor ? { hidden: true, flagged: true, flagReason: heldFor } : { hidden: false, flagged: false };
      const doc = await Review.create({ ...input, name: displayName(input.name), ...moderation });
      return toReviewView(doc.toObject() as ReviewLike);
    },

    /** Every review, hidden ones too, newest first, one page with the total (admin). */
    async page({ page, limit }) {
      const [docs, total] = await Promise.all([
        Review.find({}).select(NO_EMAIL).sort(NEWEST_FIRST).skip((page - 1) * limit).limit(limit).lean(),
        Review.countDocuments({}),
      ]);
      return { items: docs.map((doc) => toAdminReviewView(doc as ReviewLike)), total };
    },

    /** Hides or shows a review; null when there is no such review. */
    async setHidden(id, hidden) {
      const doc = await Review.findOneAndUpdate({ _id: id }, { $set: { hidden, moderatedAt: new Date() } }, { new: true }).lean();
      return doc ? toAdminReviewView(doc as ReviewLike) : null;
    },
  };
  return {
    ...store,

    async seed(reviews: { _id: string; name: string; title: string; message: string; createdAt: string }[]): Promise<void> {
      for (const { _id, createdAt, ...review } of reviews) {
        await Review.updateOne({ _id }, { $setOnInsert: { ...review, createdAt: new Date(createdAt) } }, { upsert: true });
      }
    },
  };
}


