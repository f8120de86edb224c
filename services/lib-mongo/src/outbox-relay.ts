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
  /** Publishes everything pending now; resolves with the number of events published. */
  flush(): Promise<number>;
  /** Fire-and-forget flush; call it after each write that added events. */
  kick(): void;
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
  let timer: NodeJS.Timeout | undefined;
  const log = logger.child({ outbox: model.modelName });

  const publishPending = async (): Promise<number> => {
    let published = 0;
    // `outbox.0` exists ⇔ the array is not empty (works on MongoDB and FerretDB).
    const docs = await model.find({ 'outbox.0': { $exists: true } }).limit(batchSize).lean<OutboxDoc[]>().exec();
    for (const doc of docs) {
      for (const event of doc.outbox ?? []) {
        await bus.publish(event);
        // Pull the exact stored element through the driver (no mongoose casting): FerretDB 1.24
        // ignores $pull with a condition like { id }, exact-element $pull works everywhere.
        await model.collection.updateOne({ _id: doc._id } as never, { $pull: { outbox: event } } as never);
        published++;
      }
    }
    if (published) log.debug({ published }, 'outbox events published');
    return published;
  };

  const flush = async (): Promise<number> => {
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

  const kick = () => {
    flush().catch((err: Error) => log.warn({ err: err.message }, 'outbox flush failed; the sweep retries'));
  };

  return {
    flush,
    kick,
    start() {
      kick();
      timer ??= setInterval(kick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
}
