import { Schema, type Connection, type Model } from 'mongoose';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { isDuplicateKeyError, outboxFields, type Outbox } from '@kidslearn/lib-mongo';
import type { DailyReviewRecord, DailyReviewStore } from '../domain/learning-ports';

export interface DailyReviewDoc extends DailyReviewRecord {
  createdAt: Date;
  outbox: EventEnvelope[];
}

const item = new Schema({ lessonId: { type: String, required: true }, question: { type: Number, required: true } }, { _id: false, versionKey: false });

const schema = new Schema<DailyReviewDoc>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    day: { type: String, required: true },
    items: { type: [item], required: true },
    answers: { type: Schema.Types.Mixed, default: {} },
    completedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    ...outboxFields,
  },
  { versionKey: false, minimize: false },
);
schema.index({ email: 1 });

const PUBLIC = { _id: 1, email: 1, day: 1, items: 1, answers: 1, completedAt: 1 } as const;
const recordOf = (doc: DailyReviewRecord): DailyReviewRecord => ({
  _id: doc._id,
  email: doc.email,
  day: doc.day,
  items: doc.items,
  answers: doc.answers ?? {},
  completedAt: doc.completedAt ?? null,
});

/**
 * `dailyReviews { _id: dailyReviewId(email, day), email, day, items[{ lessonId, question }], answers{ <itemKey>:
 * { answer, isCorrect, at } }, completedAt, createdAt, outbox }`. Every decision is one guarded single-document
 * write: the insert of the day's set (a racing insert collides on _id), an answer (`answers.<key>` absent), the
 * completion (`completedAt: null`), which carries daily.review.completed in the document's outbox: one event per
 * learner-day however many instances answer.
 */
export function dailyReviewRepository(db: Connection, outboxOf: (model: Model<DailyReviewDoc>) => Outbox<DailyReviewDoc>) {
  const model = db.model<DailyReviewDoc>('DailyReview', schema, 'dailyReviews');
  const outbox = outboxOf(model);
  const find = async (reviewId: string) => {
    const doc = await model.findById(reviewId, PUBLIC).lean<DailyReviewRecord>().exec();
    return doc ? recordOf(doc) : null;
  };
  const store: DailyReviewStore = {
    find,
    async create(review, at) {
      try {
        await model.create({ ...review, answers: {}, completedAt: null, createdAt: at });
        return { ...review, answers: {}, completedAt: null };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const existing = await find(review._id);
        if (!existing) throw new Error('a daily review vanished right after it was created');
        return existing;
      }
    },
    // (No projection: the local database does not support one in findOneAndUpdate.)
    async recordAnswer(reviewId, key, answer) {
      const field = `answers.${key}`;
      const doc = await model.findOneAndUpdate({ _id: reviewId, [field]: { $exists: false } }, { $set: { [field]: answer } }, { new: true }).lean<DailyReviewRecord>().exec();
      return doc ? recordOf(doc) : null;
    },
    async complete(reviewId, at, event) {
      const { written } = await outbox.update({ _id: reviewId, completedAt: null }, { $set: { completedAt: at } }, [event]);
      return written;
    },
    async completedOf(reviewIds) {
      const docs = await Promise.all(reviewIds.map((id) => model.findById(id, { completedAt: 1 }).lean<Pick<DailyReviewRecord, '_id' | 'completedAt'>>().exec()));
      return new Set(docs.flatMap((doc) => (doc?.completedAt ? [doc._id] : [])));
    },
  };
  return { ...store, model, outbox };
}
export type DailyReviewRepository = ReturnType<typeof dailyReviewRepository>;
