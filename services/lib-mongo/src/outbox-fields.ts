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

/**
 * Spread into a schema definition: `new Schema({ ..., ...outboxFields })`.
 * `outbox` holds events written with the change (the relay publishes and removes them);
 * `processedEventIds` records consumed events for applyOnce. Both must be in the schema,
 * or mongoose's strict mode would strip them from updates.
 */
export const outboxFields = {
  outbox: { type: [envelopeSchema], default: [] },
  processedEventIds: { type: [String], default: [] },
};
