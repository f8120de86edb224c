import { createPeriodicJob, type Logger, type PeriodicJob } from '@kidslearn/lib-core';
import type { EventEnvelope } from '@kidslearn/lib-events';
import type { Outbox } from './outbox';

export interface ReconcilerOptions<D extends { _id: unknown }> {
  name: string;
  /** The items' collection (its schema spreads outboxFields and reconcilerFields). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  outbox: Outbox<any>;
  logger: Logger;
  /**
   * What "not settled yet" looks like: scalar equalities only (e.g. `{ status: 'requested' }`), so the
   * local database can push it down, and so it can guard the re-drive write (settled meanwhile → no-op).
   */
  unsettled: Record<string, string | number | boolean>;
  /** N: an item is re-driven once it is this old, and again at most once per this period. */
  afterMs: number;
  /** Re-drives per item at most; then it is left (and logged) for a person to look at. */
  maxRedrives: number;
  /** The request event to publish again for an item (null: cannot be re-driven). */
  eventFor(doc: D): EventEnvelope | null;
  /** Items looked at per pass (default 100). */
  batchSize?: number;
}

type Tracked = { _id: unknown; createdAt?: Date; redrives?: number; redrivenAt?: Date | null };

/** A pass (`runOnce`) resolves with the number of items re-driven; `start(intervalMs)` runs one every interval. */
export type Reconciler = PeriodicJob<number>;

/**
 * Finds items whose outcome did not arrive after `afterMs` (a lost or dead-lettered message, a peer
 * down for long) and re-drives them: the request event goes into the item's outbox again, with the
 * re-drive count, in one write guarded by "still unsettled" and the count read. The receiver is
 * idempotent and answers a duplicate with its first outcome, so a re-drive settles, never repeats.
 */
export function createReconciler<D extends { _id: unknown }>(opts: ReconcilerOptions<D>): Reconciler {
  const { outbox, unsettled, afterMs, maxRedrives, batchSize = 100 } = opts;
  const log = opts.logger.child({ reconciler: opts.name });

  const redrive = async (doc: D & Tracked, now: Date): Promise<boolean> => {
    const redrives = doc.redrives ?? 0;
    if (redrives >= maxRedrives) return false;
    if (doc.redrivenAt && now.getTime() - doc.redrivenAt.getTime() < afterMs) return false;
    const event = opts.eventFor(doc);
    if (!event) return false;
    const guard = { _id: doc._id, ...unsettled, redrives: doc.redrives ?? null };
    const last = redrives + 1 >= maxRedrives;
    // The last re-drive also takes the item out of later passes' reads.
    const { written } = await outbox.update(guard, { $set: { redrives: redrives + 1, redrivenAt: now, ...(last ? { redrivesExhausted: true } : {}) } }, [event]);
    if (!written) return false;
    log[last ? 'warn' : 'info']({ id: String(doc._id), redrives: redrives + 1, maxRedrives }, last ? 'unsettled item re-driven for the last time' : 'unsettled item re-driven');
    return true;
  };

  const pass = async (now: Date): Promise<number> => {
    const cutoff = new Date(now.getTime() - afterMs);
    const docs = (await outbox.model.collection
      .find({ ...unsettled, createdAt: { $lt: cutoff }, redrivesExhausted: { $ne: true } } as never, { projection: { outbox: 0 } })
      .sort({ createdAt: 1 })
      .limit(batchSize)
      .toArray()) as unknown as (D & Tracked)[];
    let count = 0;
    for (const doc of docs) if (await redrive(doc, now)) count += 1;
    return count;
  };

  return createPeriodicJob({ name: `reconciler ${opts.name}`, logger: opts.logger, run: pass });
}
