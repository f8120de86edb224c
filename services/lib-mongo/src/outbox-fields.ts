import { Schema } from 'mongoose';
// Registers the plugin that keeps the pending flag right for writes that do not use withOutbox.
import './outbox-plugin';

const envelopeSchema = new Schema(
  {
    id: { type: String, required: true },
    type: { type: String, required: true },
    version: { type: Number, required: true },
    occurredAt: { type: String, required: true },
    data: { type: Schema.Types.Mixed },
  },
  { _id: false, minimize: false },
);

// `this` is the document being created, or null for an upsert's defaults.
type WithOutbox = { outbox?: { id?: string }[] };

/**
 * Spread into a schema definition: `new Schema({ ..., ...outboxFields })`.
 * `outbox` holds events written with the change (the relay publishes and removes them);
 * `processedEventIds` records consumed events for applyOnce. `outboxPending` is true while the
 * outbox may hold events: the relay's sweep finds documents by it (an indexed equality, which the
 * local database pushes down; `outbox.0 $exists` would read every document). `outboxLastId` is the
 * id of the last event written: the relay clears the flag only if no event was added meanwhile.
 * `withOutbox` sets both; so do a created document's defaults and, for any other mongoose write
 * that adds to the outbox, the plugin in outbox-plugin.ts.
 * All must be in the schema, or mongoose's strict mode would strip them from updates.
 */
export const outboxFields = {
  outbox: { type: [envelopeSchema], default: [] },
  processedEventIds: { type: [String], default: [] },
  outboxPending: {
    type: Boolean,
    index: true,
    default(this: WithOutbox | null) {
      return this ? (this.outbox?.length ?? 0) > 0 : undefined;
    },
  },
  outboxLastId: {
    type: String,
    default(this: WithOutbox | null) {
      return this?.outbox?.at?.(-1)?.id;
    },
  },
};
