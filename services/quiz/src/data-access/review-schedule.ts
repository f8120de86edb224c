import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@kidslearn/lib-mongo';
import { reviewScheduleId } from '../domain/ids';
import type { ReviewScheduleStore } from '../domain/learning-ports';
import { itemKey, type Schedule } from '../domain/review-schedule';

interface ScheduleDoc {
  _id: string;
  email: string;
  lessonId: string;
  question: number;
  step: number;
  /** null: retired (answered right at every step) */
  dueDay: string | null;
  /** the daily review whose answer wrote this: the same review's answer again changes nothing */
  lastReviewId: string;
}

const schema = new Schema<ScheduleDoc>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    lessonId: { type: String, required: true },
    question: { type: Number, required: true },
    step: { type: Number, required: true },
    dueDay: { type: String, default: null },
    lastReviewId: { type: String, required: true },
  },
  { versionKey: false },
);
schema.index({ email: 1 });

/**
 * `reviewSchedule { _id: sha256(email, lessonId, question), email, lessonId, question, step, dueDay, lastReviewId }`:
 * one per question the learner reviewed. A question never reviewed has none (it is due a day after the attempt).
 */
export function reviewScheduleRepository(db: Connection) {
  const model = db.model<ScheduleDoc>('ReviewSchedule', schema, 'reviewSchedule');
  const store: ReviewScheduleStore = {
    async byLearner(email) {
      const docs = await model.find({ email }, { lessonId: 1, question: 1, step: 1, dueDay: 1 }).lean<ScheduleDoc[]>().exec();
      return new Map(docs.map((doc) => [itemKey(doc.lessonId, doc.question), { step: doc.step, dueDay: doc.dueDay ?? null }]));
    },
    async find(email, lessonId, question) {
      const doc = await model.findById(reviewScheduleId(email, lessonId, question), { step: 1, dueDay: 1 }).lean<ScheduleDoc>().exec();
      return doc ? { step: doc.step, dueDay: doc.dueDay ?? null } : null;
    },
    async apply(email, lessonId, question, { step, dueDay }: Schedule, reviewId) {
      try {
        // Guarded by the review: a retried answer (or its racing twin) finds it applied and leaves it.
        await model.updateOne({ _id: reviewScheduleId(email, lessonId, question), lastReviewId: { $ne: reviewId } }, { $set: { email, lessonId, question, step, dueDay, lastReviewId: reviewId } }, { upsert: true }).exec();
      } catch (error) {
        // The upsert met the document this review already wrote (the guard excluded it): nothing to do.
        if (!isDuplicateKeyError(error)) throw error;
      }
    },
  };
  return { ...store, model };
}
export type ReviewScheduleRepository = ReturnType<typeof reviewScheduleRepository>;
