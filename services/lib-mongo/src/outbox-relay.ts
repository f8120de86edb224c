import type { Model } from 'mongoose';
import type { Logger } from '@kidslearn/lib-core';
import { markEvent, type EventEnvelope } from '@kidslearn/lib-events';

export interface OutboxPublisher {
  publish(event: EventEnvelope): Promise<void>;
}

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
   * sweep reads the whole collection on the local database, hence not every few seconds.
   */
  idleIntervalMs?: number;
  /** Documents per sweep (default 100). */
  batchSize?: number;
}

export interface OutboxRelay {
  /**
   * Publishes everything pending now (or, given a document id, that document's outbox);
   * resolves with the number of events published. `written` are the events the caller just
   * stored in that document: they are published before the document is read back.
   */
  flush(documentId?: unknown, written?: EventEnvelope[]): Promise<number>;
  /**
   * Fire-and-forget flush; call it after each write that added events. With the written
   * document's id (and the events it wrote) it publishes just that document's outbox (no
   * collection scan); without, it sweeps every document with pending events.
   */
  kick(documentId?: unknown, written?: EventEnvelope[]): void;
  /** Sweeps now, then again after intervalMs or idleIntervalMs (see the options). */
  start(): void;
  /** Stops the sweep and waits for a running flush. */
  stop(): Promise<void>;
}

type OutboxDoc = { _id: unknown; outbox?: EventEnvelope[] };

/**
 * Publishes events kept in the documents' `outbox` arrays and removes each after the broker
 * confirmed it. A crash between the two republishes the event later: delivery is at least
 * once, and consumers are idempotent (applyOnce). Only one flush runs at a time; a kick during
 * a flush schedules one more.
 */
export function createOutboxRelay({ model, bus, logger, intervalMs = 3000, idleIntervalMs = 60_000, batchSize = 100 }: OutboxRelayOptions): OutboxRelay {
  if (!model.schema.path('outbox')) throw new Error(`${model.modelName}: add ...outboxFields to the schema to use the outbox relay`);
  let running: Promise<number> | undefined;
  let again = false;
  // documents kicked by id since the last pass, with the events the writer handed over;
  // a kick without id asks for a full sweep
  const kicked = new Map<string, { id: unknown; written: EventEnvelope[] }>();
  let sweep = false;
  // events the last sweep found left behind (not those of kicks it ran together with)
  let leftBehind = 0;
  let timer: NodeJS.Timeout | undefined;
  const log = logger.child({ outbox: model.modelName });

  /** Publishes each document's outbox (except events in `sent`, already out) and removes it. */
  const publishDocs = async (docs: OutboxDoc[], sent: ReadonlySet<string> = new Set()): Promise<number> => {
    let published = 0;
    for (const doc of docs) {
      const events = doc.outbox ?? [];
      if (events.length === 0) continue;
      for (const event of events) {
        if (sent.has(event.id)) continue;
        await bus.publish(event);
        published += 1;
      }
      // Remove the exact stored elements through the driver (no mongoose casting), in one write:
      // FerretDB 1.24 ignores $pull with a condition like { id }; exact-element $pullAll works everywhere.
      await model.collection.updateOne({ _id: doc._id } as never, { $pullAll: { outbox: events } } as never);
    }
    return published;
  };

  const publishPending = async (): Promise<number> => {
    const entries = [...kicked.values()];
    kicked.clear();
    const full = sweep;
    sweep = false;
    let published = 0;
    // Events handed over by the writer go out before any read: the consumer's wait starts sooner.
    // They are removed from the outbox after the read below; a crash in between republishes them
    // (at least once, as always).
    const sent = new Set<string>();
    for (const { written } of entries) {
      for (const event of written) {
        await bus.publish(event);
        sent.add(event.id);
        published += 1;
      }
    }
    // The documents just written, by id: no collection scan on the hot path.
    if (entries.length > 0) {
      const ids = entries.map((entry) => entry.id);
      const filter = { _id: ids.length === 1 ? ids[0] : { $in: ids } };
      published += await publishDocs(await model.find(filter, { outbox: 1 }).lean<OutboxDoc[]>().exec(), sent);
      for (const { written } of entries) for (const event of written) markEvent('outbox.cleared', event);
    }
    if (full) {
      // `outbox.0` exists ⇔ the array is not empty (works on MongoDB and FerretDB).
      const docs = await model.find({ 'outbox.0': { $exists: true } }, { outbox: 1 }).limit(batchSize).lean<OutboxDoc[]>().exec();
      leftBehind = await publishDocs(docs);
      published += leftBehind;
    }
    if (published) log.debug({ published }, 'outbox events published');
    return published;
  };

  const flush = async (documentId?: unknown, written: EventEnvelope[] = []): Promise<number> => {
    if (documentId === undefined) sweep = true;
    else {
      const key = JSON.stringify(documentId);
      kicked.set(key, { id: documentId, written: [...(kicked.get(key)?.written ?? []), ...written] });
    }
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

  let started = false;
  let nextSweepAt = Infinity;
  const scheduleSweep = (delayMs: number) => {
    if (!started || Date.now() + delayMs >= nextSweepAt) return;
    clearTimeout(timer);
    nextSweepAt = Date.now() + delayMs;
    timer = setTimeout(() => {
      nextSweepAt = Infinity;
      flush().then(
        () => scheduleSweep(leftBehind > 0 ? intervalMs : idleIntervalMs),
        (err: Error) => {
          log.warn({ err: err.message }, 'outbox sweep failed; retrying');
          scheduleSweep(intervalMs);
        },
      );
    }, delayMs);
    timer.unref();
  };

  const kick = (documentId?: unknown, written?: EventEnvelope[]) => {
    for (const event of written ?? []) markEvent('outbox.kicked', event);
    flush(documentId, written).catch((err: Error) => {
      log.warn({ err: err.message }, 'outbox flush failed; the sweep retries');
      scheduleSweep(intervalMs);
    });
  };

  return {
    flush,
    kick,
    start() {
      started = true;
      scheduleSweep(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      nextSweepAt = Infinity;
      await running?.catch(() => 0);
    },
  };
}
