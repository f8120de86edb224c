import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@kidslearn/lib-mongo';
import type { DisplayNameStore } from '../domain/ports';

/**
 * Learners' display names as content's user records hold them (`user.profile.changed`): the standings show
 * these, not the name claim of the token a learner submitted with (editable in the account console). One
 * document per email; the newest event wins, so redelivered or reordered events change nothing. Read from the
 * database whenever standings are built (they are cached in Redis and dropped when a name changes), so every
 * instance shows the same name.
 */
interface DisplayNameDoc {
  _id: string;
  name: string;
  changedAt: Date;
}

const schema = new Schema<DisplayNameDoc>(
  {
    _id: { type: String, required: true },
    name: { type: String, default: '' },
    changedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export function displayNameRepository(db: Connection) {
  const model = db.model<DisplayNameDoc>('DisplayName', schema, 'displayNames');
  const store: DisplayNameStore = {
    async apply(email, name, changedAt) {
      const _id = email.toLowerCase();
      try {
        const result = await model.updateOne({ _id, changedAt: { $lt: changedAt } }, { $set: { name, changedAt } }, { upsert: true });
        return result.matchedCount + result.upsertedCount > 0;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        return false; // a newer (or the same) event is stored
      }
    },
  };
  return {
    ...store,
    model,
    /** The names content announced for these learners (a learner it did not announce is missing). */
    async namesOf(emails: string[]): Promise<Map<string, string>> {
      if (emails.length === 0) return new Map();
      const docs = await model.find({ _id: { $in: emails } }, { name: 1 }).lean<Pick<DisplayNameDoc, '_id' | 'name'>[]>().exec();
      return new Map(docs.filter((doc) => doc.name).map((doc) => [doc._id, doc.name]));
    },
    /** An erased learner's name goes. */
    async forget(email: string): Promise<void> {
      await model.deleteOne({ _id: email.toLowerCase() }).exec();
    },
  };
}
export type DisplayNameRepository = ReturnType<typeof displayNameRepository>;
