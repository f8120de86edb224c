import mongoose, { type Schema } from 'mongoose';

type Update = Record<string, unknown>;
type Events = { id?: unknown }[];

/** The events an update writes into `outbox` under one operator ([] for none or a clearing write). */
function outboxEventsOf(op: string, value: unknown): Events {
  if (op === '$push') {
    const each = (value as { $each?: unknown })?.$each;
    return Array.isArray(each) ? (each as Events) : value === undefined ? [] : [value as Events[number]];
  }
  return Array.isArray(value) ? (value as Events) : [];
}

/**
 * Marks an update that writes events into `outbox` as pending (flag and last event id) in the same
 * write, unless it already does (withOutbox). Upserts that only create the outbox mark on insert.
 */
export function markOutboxWrite(update: Update): void {
  for (const op of ['$push', '$set', '$setOnInsert']) {
    const events = outboxEventsOf(op, (update[op] as Update | undefined)?.outbox);
    if (events.length === 0) continue;
    const target = op === '$setOnInsert' && !('outboxPending' in ((update.$set as Update | undefined) ?? {})) ? '$setOnInsert' : '$set';
    const fields = { ...((update[target] as Update | undefined) ?? {}) };
    if ('outboxPending' in fields) continue;
    fields.outboxPending = true;
    const lastId = events[events.length - 1]?.id;
    if (typeof lastId === 'string') fields.outboxLastId = lastId;
    update[target] = fields;
  }
}

/**
 * Keeps `outboxPending` true for every write through mongoose that adds events to a schema with
 * outboxFields, also for writers that push to `outbox` by hand or save a document whose outbox they
 * set: the relay's sweep finds pending documents by this flag only.
 */
export function outboxPlugin(schema: Schema): void {
  if (!schema.path('outboxPending')) return;
  schema.pre(['updateOne', 'updateMany', 'findOneAndUpdate'], function () {
    const update = this.getUpdate();
    if (update && !Array.isArray(update)) markOutboxWrite(update as Update);
  });
  schema.pre('save', function () {
    const outbox = this.get('outbox') as Events | undefined;
    if (!this.isModified('outbox') || !outbox?.length) return;
    this.set('outboxPending', true);
    const lastId = outbox[outbox.length - 1]?.id;
    if (typeof lastId === 'string') this.set('outboxLastId', lastId);
  });
}

// Every schema spreading outboxFields imports this module first, so the plugin is registered
// before any such model is compiled; schemas without the fields are left alone.
mongoose.plugin(outboxPlugin);
