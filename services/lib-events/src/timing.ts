import { mark, timingEnabled } from '@kidslearn/lib-core';
import type { EventEnvelope } from './envelope';

/** Marks `<type>.<step>` for bench/timeline.ts under the id that ties the event to its request. */
export function markEvent(step: string, event: EventEnvelope): void {
  if (!timingEnabled) return;
  const data = (event.data ?? {}) as { attemptId?: unknown; redemptionId?: unknown };
  const id = typeof data.attemptId === 'string' ? data.attemptId : typeof data.redemptionId === 'string' ? data.redemptionId : event.id;
  mark(`${event.type}.${step}`, id);
}
