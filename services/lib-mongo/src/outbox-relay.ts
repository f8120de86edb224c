import type { Model } from 'mongoose';
import type { Logger } from '@kidslearn/lib-core';
import { markEvent, type EventEnvelope } from '@kidslearn/lib-events';

export interface OutboxPublisher {
  publish(event: EventEnvelope): Promise<void>;
}

/** How long a published event stays in its document's outbox, at most, before the relay removes it (by default). */
export const OUTBOX_CLEAR_DELAY_MS = 200;

export interface OutboxRelayOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>;
  bus: OutboxPublisher;
  logger: Logger;
  /** Next sweep after one that failed or still found events (a broker outage): default 3 s. */
  intervalMs?: number;
  /**
   * Next sweep after a clean one (default 60 s). Writers hand their events over (kick), so a clean
   * sweep is the normal case; it is a safety net for another instance that died mid-publish. A
   * sweep reads only documents flagged `outboxPending` (indexed), draining them in batches.
   */
  idleIntervalMs?: number;
  /**
   * A timed sweep leaves alone a document whose oldest event is younger than this (default 10 s): its writer, this
   * instance or another, is still publishing and removing it, and publishing it too would send it twice (under load,
   * every sweep found hundreds such and sent them all again). The sweep at start(), one after a failure and an
   * explicit flush() take everything.
   */
  sweepGraceMs?: number;
  /** Documents per read of a sweep (default 100); a sweep reads batches until nothing is pending. */
  batchSize?: number;
  /**
   * How long the removal of events a writer handed over waits to be written together with others' (default
   * OUTBOX_CLEAR_DELAY_MS): their publication does not wait, and one bulk write then empties every outbox published meanwhile.
   */
  clearDelayMs?: number;
}

export interface OutboxRelay {
  /**
   * Publishes everything pending now (or, given a document id, that document's outbox);
   * resolves with the number of events published. `written` are the events the caller just
   * stored in that document: they are published before the document is read back.
   */
  flush(documentId?: unknown, written?: EventEnvelope[]): Promise<number>;
  /**
   * Fire-and-forget flush (createOutbox calls it after each of its writes). With the written document's
   * id (and the events it wrote) it publishes just that document's outbox; without, it sweeps every
   * document with pending events.
   */
  kick(documentId?: unknown, written?: EventEnvelope[]): void;
  /** Sweeps now, then again after intervalMs or idleIntervalMs (see the options). */
  start(): void;
  /** Stops the sweep and waits for a running flush. */
  stop(): Promise<void>;
}

type OutboxDoc = { _id: unknown; outbox?: EventEnvelope[]; outboxPending?: boolean; outboxLastId?: string | null };
const PROJECTION = { outbox: 1, outboxPending: 1, outboxLastId: 1 };
/** Batches one sweep drains at most (bounds a pass while writers keep adding); the next sweep goes on. */
const MAX_BATCHES = 1000;

/**
 * Publishes events kept in the documents' `outbox` arrays and removes each after the broker
 * confirmed it. A crash between the two republishes the event later: delivery is at least
 * once, and consumers are idempotent (applyOnce). Only one flush runs at a time; a kick during
 * a flush schedules one more, and one during a long sweep is served between two documents.
 */
export function createOutboxRelay({
  model,
  bus,
  logger,
  intervalMs = 3000,
  idleIntervalMs = 60_000,
  sweepGraceMs = 10_000,
  batchSize = 100,
  clearDelayMs = OUTBOX_CLEAR_DELAY_MS,
}: OutboxRelayOptions): OutboxRelay {
  if (!model.schema.path('outbox')) throw new Error(`${model.modelName}: add ...outboxFields to the schema to use the outbox relay`);
  let running: Promise<number> | undefined;
  let again = false;
  // documents kicked by id since the last pass, with the events the writer handed over;
  // a kick without id asks for a full sweep
  const kicked = new Map<string, { id: unknown; written: EventEnvelope[] }>();
  // the sweep asked for: of every pending document, or only of those whose events are overdue (sweepGraceMs)
  let sweep: 'all' | 'due' | undefined;
  // events the last sweep found left behind (not those of kicks it ran together with)
  let leftBehind = 0;
  // documents the last sweep left to their writers (events younger than sweepGraceMs)
  let leftYoung = 0;
  let timer: NodeJS.Timeout | undefined;
  const log = logger.child({ outbox: model.modelName });
  // Ids the broker confirmed lately. A writer's kick can arrive while a pass already published its
  // events from the document: without this they would go out twice (harmless to idempotent
  // consumers, but every duplicate costs each of them a delivery and a lookup).
  const confirmed = new Set<string>();
  const publishOnce = async (event: EventEnvelope): Promise<boolean> => {
    if (confirmed.has(event.id)) return false;
    await bus.publish(event);
    if (confirmed.size >= 10_000) confirmed.clear();
    confirmed.add(event.id);
    return true;
  };

  /**
   * Removes the published events. The pending flag is cleared in the same write, guarded by the last
   * event id read: if a writer added an event meanwhile, only the pull happens and the flag stays.
   */
  const clear = async (doc: OutboxDoc, events: EventEnvelope[]): Promise<void> => {
    // Exact stored elements through the driver (no mongoose casting): FerretDB 1.24 ignores $pull
    // with a condition like { id }; exact-element $pullAll works everywhere.
    const pull = events.length > 0 ? { $pullAll: { outbox: events } } : {};
    const guard = { _id: doc._id, outboxLastId: doc.outboxLastId ?? null };
    const done = await model.collection.updateOne(guard as never, { ...pull, $set: { outboxPending: false } } as never);
    if (done.matchedCount === 0 && events.length > 0) await model.collection.updateOne({ _id: doc._id } as never, pull as never);
  };

  /**
   * Publishes each document's outbox (except events in `sent`, already out) and removes it;
   * `between` runs after each document (a sweep serves kicks there). Resolves with the events published.
   */
  const publishDocs = async (docs: OutboxDoc[], sent: ReadonlySet<string> = new Set(), between?: () => Promise<void>): Promise<number> => {
    let published = 0;
    for (const doc of docs) {
      const events = doc.outbox ?? [];
      if (events.length > 0 || doc.outboxPending) {
        for (const event of events) {
          if (sent.has(event.id)) continue;
          if (await publishOnce(event)) published += 1;
        }
        await clear(doc, events);
      }
      await between?.();
    }
    return published;
  };

  // Documents whose handed-over events are out (confirmed) and still to be removed, by id: removed together
  // by clearPublished, in the pass after clearDelayMs (or the next explicit flush, sweep or stop).
  const published = new Map<string, { id: unknown; written: EventEnvelope[] }>();
  let clearDue = false;
  let clearTimer: NodeJS.Timeout | undefined;

  /**
   * Empties, in one bulk write, the outboxes that hold exactly the events handed over and published: the last event
   * written is still the last one (`outboxLastId`) and the outbox is as long as what was written. Events are only
   * appended (moving `outboxLastId`) and removed by a relay together with everything before them, so nothing else
   * can be in one then. The others hold events another writer added (another instance, or this one since): see
   * removeOwnEvents.
   */
  const clearPublished = async (): Promise<void> => {
    clearTimeout(clearTimer);
    clearTimer = undefined;
    clearDue = false;
    if (published.size === 0) return;
    const entries = [...published.values()];
    published.clear();
    const done = await model.collection.bulkWrite(
      entries.map(({ id, written }) => ({
        updateOne: { filter: { _id: id, outboxLastId: written.at(-1)!.id, outbox: { $size: written.length } }, update: { $set: { outbox: [], outboxPending: false } } },
      })) as never,
      { ordered: false },
    );
    for (const { written } of entries) for (const event of written) markEvent('outbox.cleared', event);
    if (done.matchedCount < entries.length) await removeOwnEvents(entries);
  };

  /**
   * Removes from outboxes that also hold others' events only the events this relay published, and lowers the flag
   * of those left empty. Each writer publishes and removes its own events: publishing the others' too would send each
   * of them twice whenever two instances write one document (a learner's balance, a redemption and its outcome), and
   * every duplicate costs its consumers a delivery and a lookup. Events of a writer that died before publishing stay
   * flagged: the sweep publishes them.
   */
  const removeOwnEvents = async (entries: Array<{ id: unknown; written: EventEnvelope[] }>): Promise<void> => {
    const ids = entries.map(({ id }) => id);
    const left = await model.find({ _id: ids.length === 1 ? ids[0] : { $in: ids }, outboxPending: true }, PROJECTION).lean<OutboxDoc[]>().exec();
    const ownIds = new Map(entries.map(({ id, written }) => [JSON.stringify(id), new Set(written.map((event) => event.id))]));
    const writes = left.flatMap((doc) => {
      const own = ownIds.get(JSON.stringify(doc._id));
      // The exact stored elements: FerretDB 1.24 ignores $pull with a condition like { id }.
      const ownStored = (doc.outbox ?? []).filter((event) => own?.has(event.id));
      const pull = ownStored.length > 0 ? [{ updateOne: { filter: { _id: doc._id }, update: { $pullAll: { outbox: ownStored } } } }] : [];
      return [...pull, { updateOne: { filter: { _id: doc._id, outbox: { $size: 0 }, outboxPending: true }, update: { $set: { outboxPending: false } } } }];
    });
    // In order: a document's flag is lowered only after its own events left it, and only if nothing else is in it.
    if (writes.length > 0) await model.collection.bulkWrite(writes as never, { ordered: true });
  };

  /** The clear waits for others to join it; a pass after clearDelayMs writes it. */
  const scheduleClear = () => {
    if (clearTimer || published.size === 0) return;
    clearTimer = setTimeout(() => {
      clearTimer = undefined;
      clearDue = true;
      pass().catch((err: Error) => {
        log.warn({ err: err.message }, 'outbox clear failed; the sweep retries');
        afterFailure();
      });
    }, clearDelayMs);
    clearTimer.unref();
  };

  /** The documents written since the last pass, by id: no collection scan on the hot path. */
  const publishKicked = async (): Promise<number> => {
    if (kicked.size === 0) return 0;
    const entries = [...kicked.values()];
    kicked.clear();
    // Events handed over by the writers go out before any read, together (one channel keeps their order): the
    // consumers' wait starts sooner. They are removed from the outboxes later (clearPublished); a crash in between
    // republishes them (at least once, as always).
    const handedOver = entries.flatMap(({ written }) => written);
    const outcomes = await Promise.all(handedOver.map(publishOnce));
    let count = outcomes.filter(Boolean).length;
    const toRead: unknown[] = [];
    for (const { id, written } of entries) {
      if (written.length === 0) {
        toRead.push(id);
        continue;
      }
      const key = JSON.stringify(id);
      published.set(key, { id, written: [...(published.get(key)?.written ?? []), ...written] });
    }
    if (toRead.length > 0) {
      const filter = { _id: toRead.length === 1 ? toRead[0] : { $in: toRead } };
      count += await publishDocs(await model.find(filter, PROJECTION).lean<OutboxDoc[]>().exec(), new Set(handedOver.map((event) => event.id)));
    }
    return count;
  };

  /** A document with an event older than sweepGraceMs (or with only its flag left): no writer is publishing it. */
  const overdue = (doc: OutboxDoc): boolean => {
    const oldest = doc.outbox?.[0];
    return !oldest || Date.parse(oldest.occurredAt) <= Date.now() - sweepGraceMs;
  };

  /** Drains every pending document (or every overdue one) in batches; kicks that arrive meanwhile are served between documents. */
  const drain = async (mode: 'all' | 'due'): Promise<{ swept: number; kickedOut: number; young: number }> => {
    const filter = { outboxPending: true };
    let swept = 0;
    let kickedOut = 0;
    let young = 0;
    const seen = new Set<string>();
    const serveKicks = async () => {
      kickedOut += await publishKicked();
    };
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const docs = await model.find(filter, PROJECTION).limit(batchSize).lean<OutboxDoc[]>().exec();
      // A document whose flag stayed (a writer added an event meanwhile) is left to the next sweep.
      const fresh = docs.filter((doc) => !seen.has(JSON.stringify(doc._id)));
      if (fresh.length === 0) break;
      for (const doc of fresh) seen.add(JSON.stringify(doc._id));
      const due = mode === 'all' ? fresh : fresh.filter(overdue);
      young += fresh.length - due.length;
      swept += await publishDocs(due, undefined, serveKicks);
      if (docs.length < batchSize) break;
    }
    return { swept, kickedOut, young };
  };

  const publishPending = async (): Promise<number> => {
    let count = await publishKicked();
    if (sweep) {
      const mode = sweep;
      sweep = undefined;
      // Published outboxes are emptied first, so the drain does not read them as pending.
      await clearPublished();
      const { swept, kickedOut, young } = await drain(mode);
      leftBehind = swept;
      leftYoung = young;
      count += swept + kickedOut;
    }
    if (clearDue) await clearPublished();
    else scheduleClear();
    if (count) log.debug({ published: count }, 'outbox events published');
    return count;
  };

  /** One pass at a time; a request during a pass runs one more after it. */
  const pass = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await publishPending();
        } while (again);
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  };

  const requestSweep = (mode: 'all' | 'due'): Promise<number> => {
    sweep = sweep === 'all' || mode === 'all' ? 'all' : 'due';
    clearDue = true;
    return pass();
  };

  const flush = (documentId?: unknown, written: EventEnvelope[] = []): Promise<number> => {
    if (documentId === undefined) return requestSweep('all');
    const key = JSON.stringify(documentId);
    kicked.set(key, { id: documentId, written: [...(kicked.get(key)?.written ?? []), ...written] });
    return pass();
  };

  let started = false;
  let nextSweepAt = Infinity;
  // The next timed sweep takes everything: at start (what a dead instance left) and after a failure (what this one could not publish).
  let sweepAll = true;
  const afterFailure = () => {
    sweepAll = true;
    scheduleSweep(intervalMs);
  };
  const scheduleSweep = (delayMs: number) => {
    if (!started || Date.now() + delayMs >= nextSweepAt) return;
    clearTimeout(timer);
    nextSweepAt = Date.now() + delayMs;
    timer = setTimeout(() => {
      nextSweepAt = Infinity;
      const mode = sweepAll ? 'all' : 'due';
      sweepAll = false;
      requestSweep(mode).then(
        () => scheduleSweep(leftBehind > 0 ? intervalMs : leftYoung > 0 ? Math.min(sweepGraceMs, idleIntervalMs) : idleIntervalMs),
        (err: Error) => {
          log.warn({ err: err.message }, 'outbox sweep failed; retrying');
          afterFailure();
        },
      );
    }, delayMs);
    timer.unref();
  };

  const kick = (documentId?: unknown, written?: EventEnvelope[]) => {
    for (const event of written ?? []) markEvent('outbox.kicked', event);
    flush(documentId, written).catch((err: Error) => {
      log.warn({ err: err.message }, 'outbox flush failed; the sweep retries');
      afterFailure();
    });
  };

  return {
    flush,
    kick,
    start() {
      started = true;
      sweepAll = true;
      scheduleSweep(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      nextSweepAt = Infinity;
      await running?.catch(() => 0);
      // What is out is removed now rather than published again by the next sweep.
      clearDue = true;
      await pass().catch(() => 0);
      clearTimeout(clearTimer);
      clearTimer = undefined;
    },
  };
}
