import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@kidslearn/lib-mongo';
import type { LedgerEntry } from '../domain/ledger';

/**
 * One ledger line per balance change, in its own append-only collection so the per-learner
 * balance document stays small. `_id` is the key of the change (the consumed event id, or the
 * adjustment's generated ref): writing a line again is a harmless duplicate.
 */
export interface LedgerLineDoc extends LedgerEntry {
  _id: string;
  email: string;
  /** the balance version this change produced: the ledger's order per learner */
  seq: number;
}

/** The fields of one ledger entry, wherever it is stored (here, or a legacy balance's embedded list). */
export const ledgerEntryFields = {
  ref: { type: String, required: true },
  kind: { type: String, required: true },
  amount: { type: Number, required: true },
  balance: { type: Number, required: true },
  lessonId: { type: String },
  by: { type: String },
  at: { type: Date, required: true },
} as const;

const schema = new Schema<LedgerLineDoc>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    seq: { type: Number, required: true },
    ...ledgerEntryFields,
  },
  { versionKey: false },
);
schema.index({ email: 1, seq: 1 });

export function ledgerRepository(db: Connection) {
  const model = db.model<LedgerLineDoc>('LedgerLine', schema, 'ledger');
  return {
    model,
    /** Idempotent append: a line already written under the same key counts as done. */
    async append(line: LedgerLineDoc): Promise<void> {
      try {
        await model.create(line);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    },
    list: (email: string) => model.find({ email }).sort({ seq: 1 }).lean<LedgerLineDoc[]>().exec(),
    findById: (id: string) => model.findById(id).lean<LedgerLineDoc>().exec(),
  };
}
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
