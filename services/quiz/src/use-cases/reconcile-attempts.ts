import type { Logger } from '@kidslearn/lib-core';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { createReconciler, type Reconciler } from '@kidslearn/lib-mongo';
import type { AttemptDoc, AttemptRepository } from '../data-access/attempts';

export interface AttemptReconcilerOptions {
  logger: Logger;
  afterMs: number;
  maxRedrives: number;
  afterWrite: (attemptId: string, events: EventEnvelope[]) => void;
}

/**
 * Attempts gems has not settled after `afterMs` get their quiz.attempt.scored again, with its first
 * id: gems credits it if it never did, or answers the duplicate with the same gems.credited.
 * Attempts stored before `settled`/`scoredEvent` existed are not looked at.
 */
export function attemptReconciler(attempts: AttemptRepository, opts: AttemptReconcilerOptions): Reconciler {
  return createReconciler<AttemptDoc>({
    name: 'quiz-attempts',
    model: attempts.model,
    logger: opts.logger,
    unsettled: { settled: false },
    afterMs: opts.afterMs,
    maxRedrives: opts.maxRedrives,
    eventFor: (attempt) => attempt.scoredEvent ?? null,
    afterWrite: (id, events) => opts.afterWrite(String(id), events),
  });
}
