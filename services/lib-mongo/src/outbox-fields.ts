import { Schema } from 'mongoose';

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
 * outbox may hold events: the relay's sweep finds documents by it (an indexed equality on MongoDB;
 * `outbox.0 $exists` could use no index). `outboxLastId` is the
 * id of the last event written: the relay clears the flag only if no event was added meanwhile.
 * The outbox's writes set both (createOutbox: insert, update, findOneAndUpdate); so do a created document's
 * defaults. All must be in the schema, or mongoose's strict mode would strip them from updates.
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

/**
 * Spread into the schema of items a reconciler re-drives (createReconciler): how often it re-drove the item, when
 * last, and whether it gave up. In the schema so the reconciler's guarded writes keep them (strict mode).
 */
export const reconcilerFields = {
  redrives: { type: Number },
  redrivenAt: { type: Date },
  redrivesExhausted: { type: Boolean },
};
