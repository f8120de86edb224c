import type { UpdateQuery } from 'mongoose';

type Update = Record<string, unknown>;

/** Adds `$push: { [field]: value }` to an update without dropping pushes already in it. */
export function addPush(update: UpdateQuery<unknown>, field: string, value: unknown): Update {
  const u = { ...(update as Update) };
  const push = { ...((u.$push as Update | undefined) ?? {}) };
  if (field in push) throw new Error(`update already pushes to ${field}`);
  push[field] = value;
  u.$push = push;
  return u;
}

/**
 * Appends events to the document's outbox in the same update as the change:
 * `model.updateOne(filter, withOutbox({ $inc: { gems: 2 } }, event))`.
 */
export function withOutbox(update: UpdateQuery<unknown>, ...events: unknown[]): Update {
  if (events.length === 0) return { ...(update as Update) };
  return addPush(update, 'outbox', events.length === 1 ? events[0] : { $each: events });
}
