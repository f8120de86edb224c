import { z } from 'zod';
import { parseEventData, PoisonMessageError, type EventEnvelope } from '@kidslearn/lib-events';
import { eraseLearner, type EraseLearnerDeps } from '../../domain/erase-learner';

export const LEARNER_ERASED = 'learner.erased';

const learnerErased = z.object({ email: z.string().trim().min(3).max(254).toLowerCase(), erasureId: z.string().min(1).max(100) });

/** learner.erased → the learner's redemptions go (audit rows kept). A redelivery erases again. */
export function erasureHandler(deps: EraseLearnerDeps) {
  return async (event: EventEnvelope): Promise<void> => {
    const { email } = parseEventData(learnerErased, event);
    const erasedAt = new Date(event.occurredAt);
    if (Number.isNaN(erasedAt.getTime())) throw new PoisonMessageError(`${LEARNER_ERASED}: occurredAt is not a time`);
    await eraseLearner(deps, email, erasedAt);
  };
}
