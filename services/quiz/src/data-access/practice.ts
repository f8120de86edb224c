import { Schema, type Connection } from 'mongoose';
import type { PracticeSummary } from '@kidslearn/contracts';
import { isDuplicateKeyError } from '@kidslearn/lib-mongo';
import type { PracticeStore } from '../domain/learning-ports';
import { standingId } from '../domain/standing-id';

interface PracticeDoc {
  _id: string;
  email: string;
  lessonId: string;
  best: number;
  total: number;
  count: number;
  strongRuns: number;
  lastAt: Date;
}

const schema = new Schema<PracticeDoc>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    lessonId: { type: String, required: true },
    best: { type: Number, required: true },
    total: { type: Number, required: true },
    count: { type: Number, required: true },
    strongRuns: { type: Number, required: true },
    lastAt: { type: Date, required: true },
  },
  { versionKey: false },
);
schema.index({ email: 1 });

const summaryOf = (doc: PracticeDoc): PracticeSummary => ({ best: doc.best, total: doc.total, count: doc.count, strongRuns: doc.strongRuns, lastAt: new Date(doc.lastAt).toISOString() });

/**
 * Practice runs (`practice { _id: sha256(lessonId, email), email, lessonId, best, total, count, strongRuns, lastAt }`):
 * one document per (learner, lesson), each run one atomic upsert ($inc, $max), so runs racing on several
 * instances all count. No gems, no standings, no events.
 */
export function practiceRepository(db: Connection) {
  const model = db.model<PracticeDoc>('Practice', schema, 'practice');
  const store: PracticeStore = {
    async record(email, lessonId, { score, total, strong, at }) {
      const update = { $inc: { count: 1, strongRuns: strong ? 1 : 0 }, $max: { best: score }, $set: { email, lessonId, total, lastAt: at } };
      for (let tries = 0; ; tries += 1) {
        try {
          const doc = await model.findOneAndUpdate({ _id: standingId(lessonId, email) }, update, { upsert: true, new: true }).lean<PracticeDoc>().exec();
          if (!doc) throw new Error('a practice document vanished while it was written');
          return summaryOf(doc);
        } catch (error) {
          // Two first runs upserted at once: the loser finds the document now and updates it.
          if (!isDuplicateKeyError(error) || tries >= 2) throw error;
        }
      }
    },
    async byLearner(email) {
      const docs = await model.find({ email }).lean<PracticeDoc[]>().exec();
      return new Map(docs.map((doc) => [doc.lessonId, summaryOf(doc)]));
    },
  };
  return { ...store, model };
}
export type PracticeRepository = ReturnType<typeof practiceRepository>;
