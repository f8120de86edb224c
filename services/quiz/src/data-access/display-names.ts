import { Schema, type Connection } from 'mongoose';

/**
 * Learners' display names as content's user records hold them (`user.profile.changed`): the
 * standings show these, not the name claim of the token a learner submitted with (editable in the
 * account console). One document per email; the newest event wins, so redelivered or reordered
 * events change nothing. Kept in memory as well (one writer process per database, see the writer
 * lease): standings read names for up to 100 rows without a query (FerretDB would scan for `$in`).
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

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

export function displayNameRepository(db: Connection) {
  const model = db.model<DisplayNameDoc>('DisplayName', schema, 'displayNames');
  const names = new Map<string, string>();
  return {
    model,
    async load(): Promise<void> {
      for (const doc of await model.find({}).lean<DisplayNameDoc[]>().exec()) names.set(doc._id, doc.name);
    },
    /** Applies content's name of `email` unless a newer one is stored; resolves true when it changed. */
    async apply(email: string, name: string, changedAt: Date): Promise<boolean> {
      const _id = email.toLowerCase();
      try {
        const result = await model.updateOne({ _id, changedAt: { $lt: changedAt } }, { $set: { name, changedAt } }, { upsert: true });
        if (result.matchedCount + result.upsertedCount === 0) return false;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        return false; // a newer (or the same) event is stored
      }
      names.set(_id, name);
      return true;
    },
    /** An erased learner's name goes from the database and from this process's copy. */
    async forget(email: string): Promise<void> {
      const _id = email.toLowerCase();
      await model.deleteOne({ _id }).exec();
      names.delete(_id);
    },
    /** The record's name, or undefined while content has not announced one. */
    nameOf(email: string): string | undefined {
      return names.get(email.toLowerCase()) || undefined;
    },
  };
}
export type DisplayNameRepository = ReturnType<typeof displayNameRepository>;
