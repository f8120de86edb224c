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
 * Appends events to the document's outbox in the same update as the change, and marks it pending:
 * what the outbox's writes do (outbox.ts); services write events through createOutbox only.
 */
export function withOutbox(update: UpdateQuery<unknown>, ...events: unknown[]): Update {
  if (events.length === 0) return { ...(update as Update) };
  const u = addPush(update, 'outbox', events.length === 1 ? events[0] : { $each: events });
  // The relay's sweep finds the document by this flag; the last id lets it clear the flag safely.
  const lastId = (events[events.length - 1] as { id?: unknown }).id;
  u.$set = { ...((u.$set as Update | undefined) ?? {}), outboxPending: true, ...(typeof lastId === 'string' ? { outboxLastId: lastId } : {}) };
  return u;
}
