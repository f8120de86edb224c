import { LRUCache } from 'lru-cache';
import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@kidslearn/lib-mongo';
import type { Letter } from '../domain/answers';
import { explanationsFor } from '../domain/learning';
import type { LessonHeadings } from '../domain/family-ports';
import type { AnswerKey, AnswerKeyStore } from '../domain/ports';

interface AnswerKeyDoc extends AnswerKey {
  createdAt: Date;
  /** lesson.deleted: kept as a tombstone, so a late or repeated lesson.created does not bring it back */
  deletedAt?: Date | null;
}

const schema = new Schema<AnswerKeyDoc>(
  {
    _id: { type: String, required: true },
    lessonHeading: { type: String, required: true },
    answerKey: { type: [String], required: true },
    // one per question, null where the lesson has none (a key stored before issue 21 has none: read as nulls)
    explanations: { type: [Schema.Types.Mixed], default: undefined },
    createdAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

/** Answer keys kept in memory: every submission and standings read needs one. */
const MEMO_SIZE = 5_000;
/**
 * Keys never change, but content may re-announce a lesson with explanations added, or delete it: every instance
 * sees that within this time (the instance that consumed the event at once).
 */
const MEMO_TTL_MS = 60_000;

/**
 * Answer keys (with the explanations) by lesson id. Only the server reads them; they leave this service only in
 * the review of a learner's own recorded attempt (issue 21). A lesson's key never changes, so each instance keeps
 * the keys it read (for MEMO_TTL_MS: explanations added later, or a deletion, reach it then); a miss is not
 * remembered (the lesson may be announced a moment later). A deleted lesson stays as a tombstone (`deletedAt`).
 */
/** A stored key as the service uses it; null for a deleted lesson (or a tombstone without a key). */
const keyOf = (doc: AnswerKeyDoc): AnswerKey | null =>
  doc.deletedAt || !doc.answerKey ? null : { _id: doc._id, lessonHeading: doc.lessonHeading, answerKey: doc.answerKey, explanations: explanationsFor(doc.answerKey.length, doc.explanations) };

export function answerKeyRepository(db: Connection) {
  const model = db.model<AnswerKeyDoc>('AnswerKey', schema, 'answerKeys');
  const memo = new LRUCache<string, AnswerKey>({ max: MEMO_SIZE, ttl: MEMO_TTL_MS });
  const store: AnswerKeyStore = {
    async find(lessonId) {
      const known = memo.get(lessonId);
      if (known) return known;
      const doc = await model.findById(lessonId, { lessonHeading: 1, answerKey: 1, explanations: 1, deletedAt: 1 }).lean<AnswerKeyDoc>().exec();
      const found = doc ? keyOf(doc) : null;
      if (found) memo.set(lessonId, found);
      return found;
    },
    async save(lessonId: string, lessonHeading: string, answerKey: Letter[], explanations?: (string | null)[]) {
      // An announcement without explanations (an older content) leaves the stored ones alone.
      const set = explanations ? { lessonHeading, answerKey, explanations: explanationsFor(answerKey.length, explanations) } : { lessonHeading, answerKey };
      const onInsert = explanations ? { createdAt: new Date() } : { createdAt: new Date(), explanations: explanationsFor(answerKey.length, undefined) };
      try {
        // Never over a deleted lesson's tombstone: the upsert then collides on _id and changes nothing.
        await model.updateOne({ _id: lessonId, deletedAt: null }, { $set: set, $setOnInsert: onInsert }, { upsert: true });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      memo.delete(lessonId);
    },
    async markDeleted(lessonId) {
      try {
        // A lesson deleted before its key arrived gets a tombstone alone (no key: never found).
        await model.updateOne({ _id: lessonId, deletedAt: null }, { $set: { deletedAt: new Date() }, $setOnInsert: { createdAt: new Date() } }, { upsert: true });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error; // deleted already
      }
      memo.delete(lessonId);
    },
  };
  // Issue 24: a parent's view of a child names every lesson the child took; the keys not in memory are read at once.
  const headings: LessonHeadings = {
    async headingsOf(lessonIds) {
      const found = new Map<string, string>();
      const missing: string[] = [];
      for (const lessonId of lessonIds) {
        const known = memo.get(lessonId);
        if (known) found.set(lessonId, known.lessonHeading);
        else missing.push(lessonId);
      }
      if (missing.length === 0) return found;
      const docs = await model.find({ _id: { $in: missing } }, { lessonHeading: 1, answerKey: 1, explanations: 1, deletedAt: 1 }).lean<AnswerKeyDoc[]>().exec();
      for (const doc of docs) {
        const key = keyOf(doc);
        if (!key) continue;
        memo.set(key._id, key);
        found.set(key._id, key.lessonHeading);
      }
      return found;
    },
  };
  return { ...store, ...headings, model };
}
export type AnswerKeyRepository = ReturnType<typeof answerKeyRepository>;
