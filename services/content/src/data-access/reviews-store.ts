import { displayName, type NewReview, type ReviewView } from '../domain/review';
import type { Models } from './models';

type ReviewLike = { _id: unknown; name?: string | null; title?: string | null; message: string; createdAt?: Date | null };

// The reviewer's email is kept for the team but never published on the landing page.
export function toReviewView(doc: ReviewLike): ReviewView {
  return {
    _id: String(doc._id),
    name: displayName(doc.name),
    title: doc.title ?? '',
    message: doc.message,
    createdAt: (doc.createdAt ?? new Date(0)).toISOString(),
  };
}

export function createReviewsStore({ Review }: Models) {
  return {
    async list(limit = 50): Promise<ReviewView[]> {
      const docs = await Review.find({}).sort({ createdAt: -1, _id: -1 }).limit(limit).lean();
      return docs.map((doc) => toReviewView(doc as ReviewLike));
    },

    async create(input: NewReview): Promise<ReviewView> {
      const doc = await Review.create({ ...input, name: displayName(input.name) });
      return toReviewView(doc.toObject() as ReviewLike);
    },

    async seed(reviews: { _id: string; name: string; title: string; message: string; createdAt: string }[]): Promise<void> {
      for (const { _id, createdAt, ...review } of reviews) {
        await Review.updateOne({ _id }, { $setOnInsert: { ...review, createdAt: new Date(createdAt) } }, { upsert: true });
      }
    },
  };
}

export type ReviewsStore = ReturnType<typeof createReviewsStore>;
