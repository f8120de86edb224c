import type { Logger } from '@kidslearn/lib-core';
import { createReconciler, type Reconciler } from '@kidslearn/lib-mongo';
import type { AttemptDoc, AttemptRepository } from './attempts';

export interface AttemptReconcilerOptions {
  logger: Logger;
  afterMs: number;
  maxRedrives: number;
}

/**
 * Attempts gems has not settled after `afterMs` get their quiz.attempt.scored again, with its first
 * id: gems credits it if it never did, or answers the duplicate with the same gems.credited.
 */
export function attemptReconciler(attempts: AttemptRepository, opts: AttemptReconcilerOptions): Reconciler {
  return createReconciler<AttemptDoc>({
    name: 'quiz-attempts',
    outbox: attempts.outbox,
    logger: opts.logger,
    unsettled: { settled: false },
    afterMs: opts.afterMs,
    maxRedrives: opts.maxRedrives,
    eventFor: (attempt) => attempt.scoredEvent,
  });
}
