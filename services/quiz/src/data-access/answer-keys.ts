import { LRUCache } from 'lru-cache';
import { Schema, type Connection } from 'mongoose';
import type { Letter } from '../domain/answers';
import type { AnswerKey, AnswerKeyStore } from '../domain/ports';

interface AnswerKeyDoc extends AnswerKey {
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

/** Answer keys kept in memory: every submission and standings read needs one. */
const MEMO_SIZE = 5_000;

/**
 * Answer keys by lesson id. Only the server reads them; they never leave this service. Lessons are never edited
 * or deleted, so a key once found is the same on every instance forever: a cache of immutable data, filled by
 * reads; a miss is not remembered (the lesson may be announced a moment later).
 */
export function answerKeyRepository(db: Connection) {
  const model = db.model<AnswerKeyDoc>('AnswerKey', schema, 'answerKeys');
  const memo = new LRUCache<string, AnswerKey>({ max: MEMO_SIZE });
  const store: AnswerKeyStore = {
    async find(lessonId) {
      const known = memo.get(lessonId);
      if (known) return known;
      const found = await model.findById(lessonId, { lessonHeading: 1, answerKey: 1 }).lean<AnswerKey>().exec();
      if (found) memo.set(lessonId, found);
      return found;
    },
    async save(lessonId: string, lessonHeading: string, answerKey: Letter[]) {
      await model.updateOne({ _id: lessonId }, { $set: { lessonHeading, answerKey }, $setOnInsert: { createdAt: new Date() } }, { upsert: true });
      memo.delete(lessonId);
    },
  };
  return { ...store, model };
}
export type AnswerKeyRepository = ReturnType<typeof answerKeyRepository>;
