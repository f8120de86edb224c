import { LRUCache } from 'lru-cache';
import { Schema, type Connection } from 'mongoose';
import type { Letter } from '../domain/answers';

export interface AnswerKeyDoc {
  _id: string;
  lessonHeading: string;
  answerKey: Letter[];
  createdAt: Date;
}

const schema = new Schema<AnswerKeyDoc>(
  {
    _id: { type: String, required: true },
    lessonHeading: { type: String, required: true },
    answerKey: { type: [String], required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/** Answer keys kept in memory: every submission and standings read needs one, and they never change. */
const MEMO_SIZE = 5_000;

/**
 * Answer keys by lesson id. Only the server reads them; they never leave this service.
 * Lessons are never edited or deleted, so a key once found is remembered in process; a miss is
 * not remembered, since the lesson may be announced a moment later.
 */
export function answerKeyRepository(db: Connection) {
  const model = db.model<AnswerKeyDoc>('AnswerKey', schema, 'answerKeys');
  const memo = new LRUCache<string, AnswerKeyDoc>({ max: MEMO_SIZE });
  return {
    model,
    async find(lessonId: string): Promise<AnswerKeyDoc | null> {
      const known = memo.get(lessonId);
      if (known) return known;
      const found = await model.findById(lessonId).lean<AnswerKeyDoc>().exec();
      if (found) memo.set(lessonId, found);
      return found;
    },
    /** Idempotent: a redelivered lesson.created writes the same key again. */
    async save(lessonId: string, lessonHeading: string, answerKey: Letter[]): Promise<void> {
      await model.updateOne(
        { _id: lessonId },
        { $set: { lessonHeading, answerKey }, $setOnInsert: { createdAt: new Date() } },
        { upsert: true },
      );
      memo.delete(lessonId);
    },
  };
}
export type AnswerKeyRepository = ReturnType<typeof answerKeyRepository>;
