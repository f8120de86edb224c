import { LRUCache } from 'lru-cache';
import { Schema, type Connection, type Model } from 'mongoose';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { isDuplicateKeyError, outboxFields, readsOfOneTurn, type Outbox } from '@kidslearn/lib-mongo';
import type { LedgerEntry } from '../domain/ledger';
import type { Balance, BalanceStore, LedgerLine, PaidBest, PendingBest } from '../domain/ports';
import { batchedCopies } from './batched-copies';
import { copyTrust } from './copy-trust';
import { historyCache } from './history-cache';
import { ledgerRepository } from './ledger-entries';
import { lessonBestRepository } from './lesson-bests';

/**
 * How many consumed event ids a balance keeps: enough for the redeliveries the broker makes (seconds after
 * the first delivery). Older redeliveries are still harmless: a credit of an already rewarded lesson adds 0,
 * a redemption is recognised by its redemptionId. Every write of a balance reads and rewrites the list (the
 * version guard), so it is kept short: at 100 the ids were most of the document.
 */
export const KEPT_EVENT_IDS = 20;

export interface BalanceDoc extends Balance {
  outbox: EventEnvelope[];
}

const schema = new Schema<BalanceDoc>(
  {
    _id: { type: String, required: true },
    gems: { type: Number, required: true, min: 0 },
    version: { type: Number, required: true },
    pendingLine: { type: Schema.Types.Mixed, default: null },
    pendingBest: { type: Schema.Types.Mixed, default: null },
    ...outboxFields,
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

const withoutUndefined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

export interface BalanceRepositoryOptions {
  /** Balances this process keeps its last copy of (default 10 000; 0 turns the copies off). */
  recentCopies?: number;
  /**
   * Called with the learners whose ledger lines or lesson bests a batch copied, once it landed (or failed: some may
   * have landed). The copies are written apart from the balance change that made them, so the change is no record
   * created for the erasure check; the copies are checked here instead (lib-mongo eraseAgainAfterCopies).
   */
  afterCopies?: (emails: string[]) => void;
}

/**
 * Balances (`balances { _id: email, gems, version, pendingLine, pendingBest, processedEventIds, outbox }`), their
 * ledger lines and lesson bests. `outboxOf` gives the balances' outbox (lib-service: the service's relay).
 */
export function balanceRepository(db: Connection, outboxOf: (model: Model<BalanceDoc>) => Outbox<BalanceDoc>, { recentCopies = 10_000, afterCopies }: BalanceRepositoryOptions = {}) {
  const model = db.model<BalanceDoc>('Balance', schema, 'balances');
  const outbox = outboxOf(model);
  // The copy of a balance this process last read or wrote: a change decided from it skips one read. A cache,
  // never trusted: the version guard decides every write in the database, so a copy another instance made stale
  // only loses its write; it is dropped and the balance read again.
  const recent = recentCopies > 0 ? new LRUCache<string, Balance>({ max: recentCopies }) : undefined;
  // Copies handed out to decide a change from, and how often those changes lost (copy-trust.ts).
  const handedCopies = new WeakSet<Balance>();
  // The lesson bests known at a copy's version (read or written since it was made). They hold exactly as long as
  // the copy: a best changes only with a change of the balance, so a change decided from them is written only
  // while the balance is still at that version (its guard), as for the copy itself.
  const knownBests = new WeakMap<Balance, Map<string, PaidBest>>();
  const trust = copyTrust();
  const lines = ledgerRepository(db);
  const histories = historyCache();
  const bests = lessonBestRepository(db);
  // Every batch, however it ended, is reported once it is over: a copy may have landed after an erasure.
  const reported = <T extends { email: string }>(write: (many: T[]) => Promise<void>) => (many: T[]) =>
    write(many).finally(() => afterCopies?.([...new Set(many.map(({ email }) => email))]));
  const copyLine = batchedCopies((line: LedgerLine) => line._id, reported((many: LedgerLine[]) => lines.appendMany(many)));
  const bestKeyPrefix = (email: string) => `${email}\n`;
  const copyBest = batchedCopies(
    ({ email, best }: { email: string; best: PendingBest }) => `${bestKeyPrefix(email)}${best.lessonId}\n${best.best}`,
    reported((many: { email: string; best: PendingBest }[]) => bests.raiseMany(many)),
  );
  /** What the previous change left pending reaches its collection before the next change replaces it. */
  const copyPending = async (balance: Balance) => {
    await Promise.all([
      balance.pendingLine ? copyLine(balance.pendingLine, { urgent: true }) : undefined,
      balance.pendingBest ? copyBest({ email: balance._id, best: balance.pendingBest }, { urgent: true }) : undefined,
    ]);
  };

  // The outbox is not needed to decide a change: not read on the hot path.
  // FerretDB 1.24 drops empty arrays written by an upsert's $setOnInsert: a missing list reads as [].
  // The questions of one turn of the event loop (deliveries handled side by side) share one read.
  const find = readsOfOneTurn(async (emails: readonly string[]): Promise<Array<Balance | null>> => {
    const docs = await model.find({ _id: { $in: [...new Set(emails)] } }, { outbox: 0 }).lean<Balance[]>().exec();
    const found = new Map(docs.map((doc) => [doc._id, doc]));
    return emails.map((email) => {
      const doc = found.get(email);
      if (!doc) return null;
      // A pending best written before bests recorded their raisers counts as raised by no event (a redelivery pays 0).
      const pendingBest = doc.pendingBest ? { ...doc.pendingBest, raisedBy: doc.pendingBest.raisedBy ?? [] } : null;
      return { ...doc, pendingLine: doc.pendingLine ?? null, pendingBest, processedEventIds: doc.processedEventIds ?? [] };
    });
  });

  /**
   * A change starts from this balance: what it left pending starts on its way to its collections now, so the copy
   * the change's commit must wait for runs beside the change's own reads (a debit's line by key, a credit's lesson
   * best) instead of after them. One balance's changes follow each other (one-at-a-time.ts), so on a busy balance
   * this takes a database round trip off each change.
   */
  const startingFrom = (balance: Balance): Balance => {
    void copyPending(balance).catch(() => undefined); // a failed copy is tried again by the commit
    return balance;
  };

  const store: BalanceStore = {
    find,
    async findOrCreate(email, onCreate) {
      const copy = recent?.get(email);
      if (copy && trust.use()) {
        handedCopies.add(copy);
        return startingFrom(copy);
      }
      const existing = await find(email);
      if (existing) {
        recent?.set(email, existing);
        return startingFrom(existing);
      }
      onCreate?.();
      try {
        await model.updateOne(
          { _id: email },
          { $setOnInsert: { gems: 0, version: 0, pendingLine: null, pendingBest: null, processedEventIds: [], outbox: [], createdAt: new Date() } },
          { upsert: true },
        );
      } catch (error) {
        // Another instance created it at the same moment.
        if (!isDuplicateKeyError(error)) throw error;
      }
      const created = await find(email);
      if (!created) throw new Error('a balance vanished right after it was created');
      recent?.set(email, created);
      return created;
    },
    async paidFor(current, lessonId) {
      // The pending best is the latest: it is that lesson's when the last credit was for it.
      if (current.pendingBest?.lessonId === lessonId) return current.pendingBest;
      const known = knownBests.get(current)?.get(lessonId);
      if (known) return known;
      const paid = await bests.bestOf(current._id, lessonId);
      // Read after the balance: if the best moved meanwhile, so did the balance, and a change decided from it loses.
      if (recent) knownBests.set(current, (knownBests.get(current) ?? new Map<string, PaidBest>()).set(lessonId, paid));
      return paid;
    },
    async lineByKey(current, lineId) {
      if (current.pendingLine?._id === lineId) return current.pendingLine;
      return lines.findById(lineId);
    },
    async ledgerOf(email) {
      const balance = await find(email);
      if (!balance) return { gems: 0, entries: [] };
      const entries: LedgerEntry[] = await lines.list(email);
      const pending = balance.pendingLine;
      if (pending && !entries.some((line) => (line as LedgerLine)._id === pending._id)) entries.push(pending);
      return { gems: balance.gems, entries };
    },
    async historyOf(email, limit) {
      // The balance by id always (cheap); its lines from memory while it has not changed since.
      const balance = await find(email);
      if (!balance) return { gems: 0, entries: [] };
      const known = histories.get(balance, limit);
      if (known) return known;
      const entries = await lines.recent(email, limit);
      // The last change's line may not be copied yet: it is the newest.
      const pending = balance.pendingLine;
      if (pending && pending.kind !== 'debit-rejected' && !entries.some((line) => line._id === pending._id)) entries.unshift(pending);
      const history = { gems: balance.gems, entries: entries.sort((a, b) => b.seq - a.seq).slice(0, limit) };
      histories.set(balance, limit, history);
      return history;
    },
    /**
     * One single-document conditional write: the balance, its ledger line (as the pending line), a raised lesson
     * best (as the pending best), the processed event id and the outgoing events change together or not at all.
     * False when the version moved on. Line and best are then copied to their collections.
     */
    async commit(current, change) {
      await copyPending(current);
      const version = current.version + 1;
      const line = change.entry ? withoutUndefined({ ...change.entry, _id: change.lineId ?? change.eventId ?? change.entry.ref, email: current._id, seq: version }) : null;
      const best = change.best ?? null;
      const set: Record<string, unknown> = { gems: change.gems, version, pendingLine: line, pendingBest: best };
      // The version guard makes read-decide-write safe without transactions, across instances: the database
      // applies the write only while the balance is still the one the change was decided from.
      const guard: Record<string, unknown> = { _id: current._id, version: current.version };
      if (change.eventId) {
        // applyOnce by hand, with a bounded list: the version guard makes replacing the list safe.
        guard.processedEventIds = { $ne: change.eventId };
        set.processedEventIds = [...current.processedEventIds.slice(-(KEPT_EVENT_IDS - 1)), change.eventId];
      }
      // Until this write is known to have landed, the copy is not to be trusted.
      recent?.delete(current._id);
      const { written } = await outbox.update(guard, { $set: set }, change.events);
      if (handedCopies.has(current)) trust.record(written);
      if (!written) return false;
      const processedEventIds = (set.processedEventIds as string[] | undefined) ?? current.processedEventIds;
      if (recent) {
        const copy: Balance = { ...current, gems: change.gems, version, pendingLine: line, pendingBest: best, processedEventIds };
        const known = new Map(knownBests.get(current));
        if (current.pendingBest) known.set(current.pendingBest.lessonId, current.pendingBest);
        if (best) known.set(best.lessonId, best);
        recent.set(current._id, copy);
        knownBests.set(copy, known);
      }
      // Not waited for: line and best are safe as pending (read by ledgerOf and paidFor, copied before the next
      // change of this balance), so the learner's next event need not wait here; other learners' copies of the
      // next moment join them in one write (batched-copies.ts).
      if (line) void copyLine(line).catch(() => undefined);
      if (best) void copyBest({ email: current._id, best }).catch(() => undefined);
      return true;
    },
  };

  return {
    ...store,
    model,
    ledgerModel: lines.model,
    lessonBestModel: bests.model,
    /** Builds the collections' indexes (at start). */
    async init(): Promise<void> {
      await Promise.all([model.init(), lines.model.init(), bests.model.init()]);
    },
    /**
     * Before a learner's data is erased: drops this process's copy of the balance and waits for the line and best
     * copies it is still writing, so none of them lands after the erasure deleted the collections' rows; then forgets
     * which of the learner's bests it wrote.
     */
    async forget(email: string): Promise<void> {
      recent?.delete(email);
      histories.delete(email);
      await Promise.all([copyLine.idle(), copyBest.idle()]);
      // The erasure deletes the bests: the same best earned again after it must be copied again. (Line keys are
      // event ids, never seen again.)
      copyBest.forget(bestKeyPrefix(email));
    },
  };
}
export type BalanceRepository = ReturnType<typeof balanceRepository>;
