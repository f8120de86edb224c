import { z } from 'zod';
import type { EventBus, EventEnvelope } from '@kidslearn/lib-events';
import { parseEventData } from '@kidslearn/lib-events';
import { writeUnlessErased } from '@kidslearn/lib-mongo';
import type { BalanceRepository } from '../../data-access/balances';
import { creditAttempt } from '../../use-cases/credit-attempt';
import { debitRedemption } from '../../use-cases/debit-redemption';
import type { EraseLearnerDeps } from '../../use-cases/erase-learner';
import { oneAtATimePerKey } from '../../use-cases/one-at-a-time';
import { erasureHandler, LEARNER_ERASED } from './erasure-consumer';

const email = z.string().trim().max(254).toLowerCase().pipe(z.email());

const attemptScored = z.object({
  attemptId: z.string().min(1).max(100),
  // part of a lesson best's key (lesson-bests.ts): no colon; no dots or dollars either (once a map key)
  lessonId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  email,
  reward: z.number().int().min(0).max(2),
});

const redemptionRequested = z.object({
  redemptionId: z.string().min(1).max(100),
  email,
  cost: z.number().int().positive(),
});

export interface GemsHandlerDeps extends EraseLearnerDeps {
  balances: BalanceRepository;
}

/** Invalid data is poison (dead-lettered at once); any other failure is retried over the bus's long horizon. */
export async function subscribeGemsHandlers(bus: EventBus, deps: GemsHandlerDeps): Promise<void> {
  // A learner's events one after another (no lost races on their balance); other learners' side by side.
  const perLearner = oneAtATimePerKey();
  // Nothing is credited or debited for a learner erased after the event originated (a late or re-driven
  // event): see lib-mongo erasures.ts.
  const eraseAgain = (email: string) => deps.learnerData.erase(email);
  const unlessErased = (email: string, event: EventEnvelope, write: () => Promise<unknown>) =>
    writeUnlessErased(deps.erasures, { email, originatedAt: event.occurredAt }, write, eraseAgain);
  await bus.subscribe(['quiz.attempt.scored', 'redemption.requested'], async (event: EventEnvelope) => {
    if (event.type === 'quiz.attempt.scored') {
      const data = parseEventData(attemptScored, event);
      await perLearner(data.email, () => unlessErased(data.email, event, () => creditAttempt(deps.balances, event.id, data)));
    } else {
      const data = parseEventData(redemptionRequested, event);
      await perLearner(data.email, () => unlessErased(data.email, event, () => debitRedemption(deps.balances, event.id, data)));
    }
  });
  await bus.subscribe(LEARNER_ERASED, erasureHandler(deps, perLearner));
}
