import { Types, type FilterQuery, type Model, type UpdateQuery } from 'mongoose';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { createOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
import { insertDocument } from './insert-document';
import { withOutbox } from './update-merge';

export interface OutboxWriteOptions {
  upsert?: boolean;
}

export interface OutboxUpdate {
  /** true when a document was changed or created */
  written: boolean;
  /** true when an upsert created the document */
  created: boolean;
  /** the written document's id (undefined when nothing was written) */
  id?: unknown;
}

/**
 * A collection whose writes carry their events (docs/CONTRACTS.md "Events"): each write stores the change and
 * the events it causes in one single-document write (the events ride in the document's `outbox`), then hands
 * the events to the relay, which publishes them (publisher confirm) and removes them. A crash in between
 * loses nothing: the relay's sweep (at start, and every minute on every instance) publishes what is left.
 * Consumers are idempotent, so the rare second publication changes nothing.
 */
export interface Outbox<D> {
  readonly model: Model<D>;
  /** Creates `doc` with `events` in its outbox (one insert). Resolves with the created document (plain object). */
  insert(doc: Record<string, unknown>, events: EventEnvelope[]): Promise<D>;
  /**
   * `updateOne(filter, update)` that also appends `events` to the document's outbox, in the same write. A filter
   * that pins `_id` is written with updateOne; any other with findOneAndUpdate, to learn the document's id.
   */
  update(filter: FilterQuery<D>, update: UpdateQuery<D>, events: EventEnvelope[], options?: OutboxWriteOptions): Promise<OutboxUpdate>;
  /** findOneAndUpdate with the events in the same write; resolves with the document after it (null: nothing matched). */
  findOneAndUpdate(filter: FilterQuery<D>, update: UpdateQuery<D>, events: EventEnvelope[], options?: OutboxWriteOptions): Promise<D | null>;
  /** Publishes what a document's outbox holds now (a retried request that found its document written, not yet announced). */
  kick(id: unknown): void;
  /** Publishes everything pending now (tests, shutdown). */
  flush(): Promise<number>;
  /** Starts the relay's sweep (at once, then every minute; every few seconds while a publish fails). */
  start(): void;
  /** Stops the sweep and waits for a publication under way. */
  stop(): Promise<void>;
}

export type OutboxOptions = Omit<OutboxRelayOptions, 'model'>;

const pinnedId = (filter: object): unknown => {
  const id = (filter as { _id?: unknown })._id;
  return typeof id === 'string' || typeof id === 'number' || id instanceof Types.ObjectId ? id : undefined;
};

export function createOutbox<D>(options: OutboxOptions & { model: Model<D> }): Outbox<D> {
  const { model } = options;
  const relay: OutboxRelay = createOutboxRelay({ ...options, model: model as OutboxRelayOptions['model'] });
  const handOver = (id: unknown, events: EventEnvelope[]) => {
    if (events.length > 0) relay.kick(id, events);
  };

  return {
    model,
    async insert(doc, events) {
      const created = await insertDocument(model, { ...doc, outbox: events, outboxPending: events.length > 0, outboxLastId: events.at(-1)?.id ?? null });
      handOver((created as { _id: unknown })._id, events);
      return created;
    },
    async update(filter, update, events, { upsert = false } = {}) {
      const change = withOutbox(update, ...events) as UpdateQuery<D>;
      const id = pinnedId(filter);
      if (id === undefined) {
        const result = (await model.findOneAndUpdate(filter, change, { upsert, new: true, includeResultMetadata: true }).lean().exec()) as unknown as {
          value: { _id: unknown } | null;
          lastErrorObject?: { updatedExisting?: boolean };
        };
        const doc = result.value;
        if (doc) handOver(doc._id, events);
        return doc ? { written: true, created: result.lastErrorObject?.updatedExisting === false, id: doc._id } : { written: false, created: false };
      }
      const result = await model.updateOne(filter, change, { upsert }).exec();
      const written = result.modifiedCount + result.upsertedCount > 0;
      if (written) handOver(result.upsertedId ?? id, events);
      return written ? { written, created: result.upsertedCount > 0, id: result.upsertedId ?? id } : { written, created: false };
    },
    async findOneAndUpdate(filter, update, events, { upsert = false } = {}) {
      const doc = await model.findOneAndUpdate(filter, withOutbox(update, ...events) as UpdateQuery<D>, { upsert, new: true }).lean<D & { _id: unknown }>().exec();
      if (doc) handOver(doc._id, events);
      return (doc as D | null) ?? null;
    },
    kick: (id) => relay.kick(id),
    flush: () => relay.flush(),
    start: () => relay.start(),
    stop: () => relay.stop(),
  };
}
