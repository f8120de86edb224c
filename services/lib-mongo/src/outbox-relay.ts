import type { Model } from 'mongoose';
import type { Logger } from '@kidslearn/lib-core';
import type { EventEnvelope } from '@kidslearn/lib-events';

export interface OutboxPublisher {
  publish(event: EventEnvelope): Promise<void>;
}

export interface OutboxRelayOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>;
  bus: OutboxPublisher;
  logger: Logger;
  /** Sweep interval for events a crash or a broker outage left behind (default 3 s). */
  intervalMs?: number;
  /** Documents per sweep (default 100). */
  batchSize?: number;
}

export interface OutboxRelay {
  /**
   * Publishes everything pending now (or, given a document id, that document's outbox);
   * resolves with the number of events published.
   */
  flush(documentId?: unknown): Promise<number>;
  /**
   * Fire-and-forget flush; call it after each write that added events. With the written
   * document's id it publishes just that document's outbox (no collection scan); without, it
   * sweeps every document with pending events.
   */
  kick(documentId?: unknown): void;
  /** Flushes once, then sweeps every intervalMs. */
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
export function createOutboxRelay({ model, bus, logger, intervalMs = 3000, batchSize = 100 }: OutboxRelayOptions): OutboxRelay {
  if (!model.schema.path('outbox')) throw new Error(`${model.modelName}: add ...outboxFields to the schema to use the outbox relay`);
  let running: Promise<number> | undefined;
  let again = false;
  // documents kicked by id since the last pass; a kick without id asks for a full sweep
  const kicked = new Map<string, unknown>();
  let sweep = false;
  let timer: NodeJS.Timeout | undefined;
  const log = logger.child({ outbox: model.modelName });

  const publishDocs = async (docs: OutboxDoc[]): Promise<number> => {
    let published = 0;
    for (const doc of docs) {
      const events = doc.outbox ?? [];
      if (events.length === 0) continue;
      for (const event of events) await bus.publish(event);
      // Remove the exact stored elements through the driver (no mongoose casting), in one write:
      // FerretDB 1.24 ignores $pull with a condition like { id }; exact-element $pullAll works everywhere.
      await model.collection.updateOne({ _id: doc._id } as never, { $pullAll: { outbox: events } } as never);
      published += events.length;
    }
    return published;
  };

  const publishPending = async (): Promise<number> => {
    const ids = [...kicked.values()];
    kicked.clear();
    const full = sweep;
    sweep = false;
    let published = 0;
    // The documents just written first, by id: no collection scan on the hot path.
    if (ids.length > 0) {
      const filter = { _id: ids.length === 1 ? ids[0] : { $in: ids } };
      published += await publishDocs(await model.find(filter, { outbox: 1 }).lean<OutboxDoc[]>().exec());
    }
    if (full) {
      // `outbox.0` exists ⇔ the array is not empty (works on MongoDB and FerretDB).
      const docs = await model.find({ 'outbox.0': { $exists: true } }, { outbox: 1 }).limit(batchSize).lean<OutboxDoc[]>().exec();
      published += await publishDocs(docs);
    }
    if (published) log.debug({ published }, 'outbox events published');
    return published;
  };

  const flush = async (documentId?: unknown): Promise<number> => {
    if (documentId === undefined) sweep = true;
    else kicked.set(JSON.stringify(documentId), documentId);
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

  const kick = (documentId?: unknown) => {
    flush(documentId).catch((err: Error) => log.warn({ err: err.message }, 'outbox flush failed; the sweep retries'));
  };

  return {
    flush,
    kick,
    start() {
      kick();
      timer ??= setInterval(() => kick(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
}
