import { Schema, type Connection } from 'mongoose';
import { insertDocuments, isDuplicateKeyError, readsOfOneTurn } from '@kidslearn/lib-mongo';
import type { LedgerLine } from '../domain/ports';

/**
 * One ledger line per balance change, in its own append-only collection so the per-learner balance document
 * stays small. `_id` is the key of the change (the consumed event id, `redemption:<id>`, or the adjustment's
 * generated ref): writing a line again is a harmless duplicate.
 */
const schema = new Schema<LedgerLine>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    seq: { type: Number, required: true },
    ref: { type: String, required: true },
    kind: { type: String, required: true },
    amount: { type: Number, required: true },
    balance: { type: Number, required: true },
    lessonId: { type: String },
    by: { type: String },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
schema.index({ email: 1, seq: 1 });

/** An unordered insert whose every failed line was already there (each line is keyed, so it is the same line). */
function onlyDuplicates(error: unknown): boolean {
  if (isDuplicateKeyError(error)) return true;
  const writeErrors = (error as { writeErrors?: unknown[] } | null)?.writeErrors;
  return Array.isArray(writeErrors) && writeErrors.length > 0 && writeErrors.every(isDuplicateKeyError);
}

export function ledgerRepository(db: Connection) {
  const model = db.model<LedgerLine>('LedgerLine', schema, 'ledger');
  return {
    model,
    /** Idempotent append of many lines in one command: a line already written under the same key counts as done. */
    async appendMany(lines: LedgerLine[]): Promise<void> {
      try {
        await insertDocuments(model, lines, { ordered: false });
      } catch (error) {
        if (!onlyDuplicates(error)) throw error;
      }
    },
    list: (email: string) => model.find({ email }).sort({ seq: 1 }).lean<LedgerLine[]>().exec(),
    /** The newest `limit` lines that changed the balance (a refused debit changed nothing), newest first. */
    recent: (email: string, limit: number) =>
      model.find({ email, kind: { $ne: 'debit-rejected' } }).sort({ seq: -1 }).limit(limit).lean<LedgerLine[]>().exec(),
    /** A line by its key; the questions of one turn of the event loop (deliveries handled side by side) share one read. */
    findById: readsOfOneTurn(async (ids: readonly string[]) => {
      const found = new Map((await model.find({ _id: { $in: [...new Set(ids)] } }).lean<LedgerLine[]>().exec()).map((line) => [line._id, line]));
      return ids.map((id) => found.get(id) ?? null);
    }),
  };
}
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
