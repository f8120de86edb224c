import { Schema, type Connection } from 'mongoose';
import { readsOfOneTurn } from '@kidslearn/lib-mongo';
import type { PaidBest, PendingBest } from '../domain/ports';

/**
 * The best reward a learner has been paid for each lesson, one small document per learner and lesson (in the
 * balance document it would grow with every lesson, and every change of the balance reads and rewrites it).
 */
export interface LessonBestDoc {
  /** `${lessonId}:${email}`: a lesson id has no colon, so the key is unambiguous */
  _id: string;
  email: string;
  lessonId: string;
  best: number;
  /** the events whose credits raised the best (a credit's redelivery is recognised here, without a ledger read) */
  raisedBy: string[];
}

const schema = new Schema<LessonBestDoc>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    lessonId: { type: String, required: true },
    best: { type: Number, required: true, min: 0 },
    raisedBy: { type: [String], default: undefined },
  },
  { versionKey: false },
);

export const lessonBestId = (email: string, lessonId: string) => `${lessonId}:${email}`;

export function lessonBestRepository(db: Connection) {
  const model = db.model<LessonBestDoc>('LessonBest', schema, 'lessonBests');
  // The questions of one turn of the event loop (credits handled side by side) share one read.
  const bestById = readsOfOneTurn(async (ids: readonly string[]): Promise<PaidBest[]> => {
    const docs = await model.find({ _id: { $in: [...new Set(ids)] } }, { best: 1, raisedBy: 1 }).lean<Pick<LessonBestDoc, '_id' | 'best' | 'raisedBy'>[]>().exec();
    const found = new Map(docs.map((doc) => [doc._id, doc]));
    return ids.map((id) => ({ best: found.get(id)?.best ?? 0, raisedBy: found.get(id)?.raisedBy ?? [] }));
  });
  return {
    model,
    /** 0, raised by no event, for a lesson never paid. */
    bestOf: (email: string, lessonId: string): Promise<PaidBest> => bestById(lessonBestId(email, lessonId)),
    /**
     * Idempotent and order-proof, many in one command: a best only ever rises ($max) and its raisers are a set
     * ($addToSet), so a copy written again or late changes nothing.
     */
    async raiseMany(raised: { email: string; best: PendingBest }[]): Promise<void> {
      await model.bulkWrite(
        raised.map(({ email, best: { lessonId, best, raisedBy } }) => ({
          updateOne: {
            filter: { _id: lessonBestId(email, lessonId) },
            update: { $max: { best }, $addToSet: { raisedBy: { $each: raisedBy } }, $setOnInsert: { email, lessonId } },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    },
  };
}
export type LessonBestRepository = ReturnType<typeof lessonBestRepository>;
