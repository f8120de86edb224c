import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { applyOnce, outboxFields, withOutbox } from '@kidslearn/lib-mongo';
import type { LedgerEntry } from '../domain/ledger';

export interface BalanceDoc {
  /** the learner's lower-cased email */
  _id: string;
  gems: number;
  /** bumped by every write; the guard of optimistic concurrency (FerretDB has no transactions) */
  version: number;
  /** best reward already paid per lesson id, so a lesson pays at most its best reward once */
  bestRewardByLesson: Record<string, number>;
  ledger: LedgerEntry[];
  /** event ids applied (applyOnce), recorded in the same write as their effect */
  processedEventIds: string[];
  outbox: EventEnvelope[];
  createdAt: Date;
}

const ledgerSchema = new Schema<LedgerEntry>(
  {
    ref: { type: String, required: true },
    kind: { type: String, required: true },
    amount: { type: Number, required: true },
    balance: { type: Number, required: true },
    lessonId: { type: String },
    by: { type: String },
    at: { type: Date, required: true },
  },
  { _id: false },
);

const schema = new Schema<BalanceDoc>(
  {
    _id: { type: String, required: true },
    gems: { type: Number, required: true, min: 0 },
    version: { type: Number, required: true },
    bestRewardByLesson: { type: Schema.Types.Mixed, default: {} },
    ledger: { type: [ledgerSchema], default: [] },
    ...outboxFields,
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

/** A change decided from a read at `version`; applied only if nobody wrote in between. */
export interface BalanceChange {
  gems: number;
  bestRewardByLesson?: Record<string, number>;
  entry?: LedgerEntry;
  eventId?: string;
  events: EventEnvelope[];
}

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

export function balanceRepository(db: Connection) {
  const model = db.model<BalanceDoc>('Balance', schema, 'balances');

  // FerretDB 1.24 drops empty arrays written by an upsert's $setOnInsert: read them back as [].
  const find = async (email: string): Promise<BalanceDoc | null> => {
    const doc = await model.findById(email).lean<BalanceDoc>().exec();
    if (!doc) return null;
    return { ...doc, bestRewardByLesson: doc.bestRewardByLesson ?? {}, ledger: doc.ledger ?? [], processedEventIds: doc.processedEventIds ?? [], outbox: doc.outbox ?? [] };
  };

  return {
    model,
    find,
    /** Balances are created lazily at 0 on first use; concurrent creators collide harmlessly. */
    async findOrCreate(email: string): Promise<BalanceDoc> {
      const existing = await find(email);
      if (existing) return existing;
      try {
        await model.updateOne(
          { _id: email },
          { $setOnInsert: { gems: 0, version: 0, bestRewardByLesson: {}, ledger: [], processedEventIds: [], outbox: [], createdAt: new Date() } },
          { upsert: true },
        );
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const created = await find(email);
      if (!created) throw new Error(`balance of ${email} vanished`);
      return created;
    },
    /**
     * One single-document conditional write: the balance, the ledger line, the processed event id
     * and the outgoing events change together or not at all. False when the version moved on.
     */
    async commit(current: BalanceDoc, change: BalanceChange): Promise<boolean> {
      const set: Record<string, unknown> = { gems: change.gems, version: current.version + 1 };
      if (change.bestRewardByLesson) set.bestRewardByLesson = change.bestRewardByLesson;
      const update = withOutbox(change.entry ? { $set: set, $push: { ledger: change.entry } } : { $set: set }, ...change.events);
      // The version guard makes read-decide-write safe without transactions; gems is repeated so
      // a guard on the balance is visible in the query itself.
      const guard = { _id: current._id, version: current.version, gems: current.gems };
      if (change.eventId) return applyOnce(model, guard, change.eventId, update);
      const result = await model.updateOne(guard, update);
      return result.modifiedCount === 1;
    },
  };
}
export type BalanceRepository = ReturnType<typeof balanceRepository>;
