import type { z } from 'zod';
import type { EventEnvelope } from './envelope';
import { PoisonMessageError } from './poison';

/** Validates an event's data; a payload that can never pass is poison (DLQ at once, no retries). */
export function parseEventData<S extends z.ZodType>(schema: S, event: EventEnvelope): z.output<S> {
  const result = schema.safeParse(event.data);
  if (!result.success) throw new PoisonMessageError(`invalid ${event.type} payload: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`.slice(0, 400));
  return result.data;
}
