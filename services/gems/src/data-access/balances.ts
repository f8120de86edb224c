import { LRUCache } from 'lru-cache';
import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { outboxFields, withOutbox } from '@kidslearn/lib-mongo';
import type { LedgerEntry } from '../domain/ledger';
import { ledgerEntryFields, ledgerRepository, type LedgerLineDoc } from './ledger-entries';
import { lessonBestRepository, type PendingBest } from './lesson-bests';

/**
 * How many consumed event ids a balance keeps: enough for the redeliveries the broker makes (seconds after
 * the first delivery). Older redeliveries are still harmless: a credit of an already rewarded lesson adds 0,
 * a redemption is recognised by its redemptionId. Every write of a balance reads and rewrites the list (the
 * version guard), so it is kept short: at 100 the ids were most of the document.
 */
export const KEPT_EVENT_IDS = 20;

export interface BalanceDoc {
  /** the learner's lower-cased email */
  _id: string;
  gems: number;
  /** bumped by every write; the guard of optimistic concurrency (FerretDB has no transactions) */
  version: number;
  /**
   * legacy: best reward paid per lesson id, kept in the balance before lesson bests had their own collection
   * (lesson-bests.ts); still read, never written
   */
  bestRewardByLesson: Record<string, number>;
  /** the last change's ledger line, written with the change and copied to the ledger collection */
  pendingLine?: LedgerLineDoc | null;
  /** the last credit's new best reward for its lesson, written with the change and copied to the lesson bests */
  pendingBest?: PendingBest | null;
  /** legacy: ledger lines of balances written before the ledger collection existed */
  ledger: LedgerEntry[];
  /** the most recent event ids applied (at most KEPT_EVENT_IDS), recorded in the same write as their effect */
  processedEventIds: string[];
  outbox: EventEnvelope[];
  createdAt: Date;
}

const ledgerSchema = new Schema<LedgerEntry>(ledgerEntryFields, { _id: false });

const schema = new Schema<BalanceDoc>(
  {
    _id: { type: String, required: true },
    gems: { type: Number, required: true, min: 0 },
    version: { type: Number, required: true },
    bestRewardByLesson: { type: Schema.Types.Mixed, default: undefined },
    pendingLine: { type: Schema.Types.Mixed, default: null },
    pendingBest: { type: Schema.Types.Mixed, default: null },
    ledger: { type: [ledgerSchema], default: undefined },
    ...outboxFields,
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

/** A change decided from a read at `version`; applied only if nobody wrote in between. */
export interface BalanceChange {
  /** the ledger line's key when it must be found by reference later (default: the event id) */
  lineId?: string;
  gems: number;
  /** a credit that raised its lesson's best reward */
  best?: PendingBest;
  entry?: LedgerEntry;
  eventId?: string;
  events: EventEnvelope[];
}

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

export interface BalanceRepositoryOptions {
  /** Called after each applied change with the events it stored: hand them to the outbox relay. */
  onCommitted?: (email: string, events: EventEnvelope[]) => void;
  /** Balances this process keeps its last copy of (default 10 000; 0 turns the copies off). */
  recentCopies?: number;
}

export function balanceRepository(db: Connection, { onCommitted, recentCopies = 10_000 }: BalanceRepositoryOptions = {}) {
  const model = db.model<BalanceDoc>('Balance', schema, 'balances');
  // Balances are written by one gems process at a time (the writer lease), so the copy of a balance this
  // process last read or wrote is normally current: a change decided from it skips one database read.
  // The version guard still decides every write: a stale copy loses its write, is dropped and read again.
  const recent = recentCopies > 0 ? new LRUCache<string, BalanceDoc>({ max: recentCopies }) : undefined;
  const lines = ledgerRepository(db);
  const bests = lessonBestRepository(db);
  const copyLine = copyOnce((line: LedgerLineDoc) => line._id, (line) => lines.append(line));
  const copyBest = copyOnce(
    ({ email, best }: { email: string; best: PendingBest }) => `${email}\n${best.lessonId}\n${best.best}`,
    ({ email, best }) => bests.raise(email, best),
  );
  /** What the previous change left pending reaches its collection before the next change replaces it. */
  const copyPending = async (balance: BalanceDoc) => {
    await Promise.all([
      balance.pendingLine ? copyLine(balance.pendingLine) : undefined,
      balance.pendingBest ? copyBest({ email: balance._id, best: balance.pendingBest }) : undefined,
    ]);
  };

  // The outbox is not needed to decide a change: not read on the hot path.
  // FerretDB 1.24 drops empty arrays written by an upsert's $setOnInsert: read them back as [].
  const find = async (email: string, projection: Record<string, 0> = { outbox: 0 }): Promise<BalanceDoc | null> => {
    const doc = await model.findById(email, projection).lean<BalanceDoc>().exec();
    if (!doc) return null;
    return { ...doc, bestRewardByLesson: doc.bestRewardByLesson ?? {}, pendingBest: doc.pendingBest ?? null, ledger: doc.ledger ?? [], processedEventIds: doc.processedEventIds ?? [], outbox: doc.outbox ?? [] };
  };

  return {
    model,
    ledgerModel: lines.model,
    lessonBestModel: bests.model,
    /**
     * Before a learner's data is erased: drops this process's copy of the balance and waits for the line and
     * best copies still being written, so none of them lands after the erasure deleted the collections' rows.
     */
    async forget(email: string): Promise<void> {
      recent?.delete(email);
      await Promise.all([copyLine.idle(), copyBest.idle()]);
    },
    /** Builds the collections' indexes (at start). */
    async init(): Promise<void> {
      await Promise.all([model.init(), lines.model.init(), bests.model.init()]);
    },
    find,
    /** Balances are created lazily at 0 on first use; concurrent creators collide harmlessly. */
    async findOrCreate(email: string): Promise<BalanceDoc> {
      const copy = recent?.get(email);
      if (copy) return copy;
      const existing = await find(email);
      if (existing) {
        recent?.set(email, existing);
        return existing;
      }
      try {
        await model.updateOne(
          { _id: email },
          { $setOnInsert: { gems: 0, version: 0, pendingLine: null, pendingBest: null, processedEventIds: [], outbox: [], createdAt: new Date() } },
          { upsert: true },
        );
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const created = await find(email);
      if (!created) throw new Error(`balance of ${email} vanished`);
      recent?.set(email, created);
      return created;
    },
    /** Every ledger line of a learner, oldest first (legacy lines, the collection, a not yet copied pending line). */
    async ledgerOf(email: string): Promise<{ gems: number; entries: LedgerEntry[] }> {
      const balance = await find(email, { outbox: 0, processedEventIds: 0 });
      if (!balance) return { gems: 0, entries: [] };
      const stored = await lines.list(email);
      const pending = balance.pendingLine;
      const entries = [...balance.ledger, ...stored];
      if (pending && !stored.some((line) => line._id === pending._id)) entries.push(pending);
      return { gems: balance.gems, entries };
    },
    /**
     * The best reward `current`'s learner was paid for a lesson (0 if none): the pending best when it is that
     * lesson's (the latest), else the stored one, never below a legacy balance's own record of it.
     */
    async paidFor(current: BalanceDoc, lessonId: string): Promise<number> {
      const legacy = current.bestRewardByLesson[lessonId] ?? 0;
      if (current.pendingBest?.lessonId === lessonId) return Math.max(legacy, current.pendingBest.best);
      return Math.max(legacy, await bests.bestOf(current._id, lessonId));
    },
    /**
     * The line stored under `lineId` (the pending one of `current` included), plus legacy lines with
     * that `ref`. A lookup by key: the local database cannot use an index for anything but the id.
     */
    async linesByKey(current: BalanceDoc, lineId: string, ref: string): Promise<LedgerEntry[]> {
      const legacy = current.ledger.filter((line) => line.ref === ref);
      if (current.pendingLine?._id === lineId) return [...legacy, current.pendingLine];
      const stored = await lines.findById(lineId);
      return stored ? [...legacy, stored] : legacy;
    },
    /**
     * One single-document conditional write: the balance, its ledger line (as the pending line), a raised
     * lesson best (as the pending best), the processed event id and the outgoing events change together or
     * not at all. False when the version moved on. Line and best are then copied to their collections.
     */
    async commit(current: BalanceDoc, change: BalanceChange): Promise<boolean> {
      await copyPending(current);
      const version = current.version + 1;
      const line = change.entry
        ? withoutUndefined({ ...change.entry, _id: change.lineId ?? change.eventId ?? change.entry.ref, email: current._id, seq: version })
        : null;
      const best = change.best ?? null;
      const set: Record<string, unknown> = { gems: change.gems, version, pendingLine: line, pendingBest: best };
      // The version guard makes read-decide-write safe without transactions; gems is repeated so
      // a guard on the balance is visible in the query itself.
      const guard: Record<string, unknown> = { _id: current._id, version: current.version, gems: current.gems };
      if (change.eventId) {
        // applyOnce by hand, with a bounded list: the version guard makes replacing the list safe.
        guard.processedEventIds = { $ne: change.eventId };
        set.processedEventIds = [...current.processedEventIds.slice(-(KEPT_EVENT_IDS - 1)), change.eventId];
      }
      // Until this write is known to have landed, the copy is not to be trusted.
      recent?.delete(current._id);
      const result = await model.updateOne(guard, withOutbox({ $set: set }, ...change.events));
      if (result.modifiedCount !== 1) return false;
      recent?.set(current._id, {
        ...current,
        gems: change.gems,
        version,
        pendingLine: line,
        pendingBest: best,
        processedEventIds: (set.processedEventIds as string[] | undefined) ?? current.processedEventIds,
        outbox: [],
      });
      if (change.events.length > 0) onCommitted?.(current._id, change.events);
      // Not waited for: line and best are safe as pending (read by ledgerOf and paidFor, copied before the next
      // change of this balance, which waits for these copies), so the learner's next event need not wait here.
      if (line) void copyLine(line).catch(() => undefined);
      if (best) void copyBest({ email: current._id, best }).catch(() => undefined);
      return true;
    },
  };
}
export type BalanceRepository = ReturnType<typeof balanceRepository>;

/**
 * `write` once per key in this process: a key already written is skipped, one being written is waited for
 * (the next change of a balance waits for its pending copies instead of writing them again).
 */
function copyOnce<T>(keyOf: (item: T) => string, write: (item: T) => Promise<void>): ((item: T) => Promise<void>) & { idle(): Promise<void> } {
  const copied = new Set<string>();
  const copying = new Map<string, Promise<void>>();
  const copyItem = async (item: T) => {
    const key = keyOf(item);
    if (copied.has(key)) return;
    const running = copying.get(key);
    if (running) return running;
    const copy = write(item).then(() => {
      if (copied.size >= 10_000) copied.clear();
      copied.add(key);
    });
    copying.set(key, copy);
    try {
      await copy;
    } finally {
      copying.delete(key);
    }
  };
  /** Resolves once every copy under way now has ended (however it ended). */
  const idle = async () => {
    await Promise.allSettled([...copying.values()]);
  };
  return Object.assign(copyItem, { idle });
}
