import { z } from 'zod';
import { parseEventData, PoisonMessageError, type EventEnvelope } from '@kidslearn/lib-events';
import type { OneAtATime } from '../../use-cases/one-at-a-time';
import { eraseLearner, type EraseLearnerDeps } from '../../use-cases/erase-learner';

export const LEARNER_ERASED = 'learner.erased';

const learnerErased = z.object({ email: z.string().trim().max(254).toLowerCase().pipe(z.email()), erasureId: z.string().min(1).max(100) });

/**
 * learner.erased → the learner's gems data goes. Queued with the learner's other events, so a credit or
 * debit in progress ends before it (and the next one sees the tombstone). A redelivery erases again.
 */
export function erasureHandler(deps: EraseLearnerDeps, perLearner: OneAtATime) {
  return async (event: EventEnvelope): Promise<void> => {
    const { email } = parseEventData(learnerErased, event);
    const erasedAt = new Date(event.occurredAt);
    if (Number.isNaN(erasedAt.getTime())) throw new PoisonMessageError(`${LEARNER_ERASED}: occurredAt is not a time`);
    await perLearner(email, () => eraseLearner(deps, email, erasedAt));
  };
}
