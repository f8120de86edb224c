import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** A past-tense, versioned event. `id` is what consumers record to stay idempotent. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  data: T;
}

/**
 * An envelope of any type with unchecked data: for the bus's own tests and tools. Services publish catalogued
 * events made with `createEvent` (from @kidslearn/contracts, re-exported here), which checks their data.
 */
export function createEnvelope<T>(type: string, data: T, version = 1): EventEnvelope<T> {
  return { id: randomUUID(), type, version, occurredAt: new Date().toISOString(), data };
}

const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().min(1),
  data: z.unknown(),
});

/** Parses a message body; throws a readable error for anything that is not an envelope. */
export function parseEnvelope(raw: Buffer | string): EventEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString());
  } catch {
    throw new Error('event body is not JSON');
  }
  const result = envelopeSchema.safeParse(json);
  if (!result.success) {
    throw new Error(`not an event envelope: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return result.data as EventEnvelope;
}

export function encodeEnvelope(event: EventEnvelope): Buffer {
  return Buffer.from(JSON.stringify(event));
}
