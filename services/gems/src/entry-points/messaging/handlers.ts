import { z } from 'zod';
import type { EventBus, EventEnvelope } from '@kidslearn/lib-events';
import { parseEventData } from '@kidslearn/lib-events';
import type { BalanceRepository } from '../../data-access/balances';
import { creditAttempt } from '../../use-cases/credit-attempt';
import { debitRedemption } from '../../use-cases/debit-redemption';
import { oneAtATimePerKey } from '../../use-cases/one-at-a-time';

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

export interface GemsHandlerDeps {
  balances: BalanceRepository;
}

/** Invalid data is poison (dead-lettered at once); any other failure is retried over the bus's long horizon. */
export async function subscribeGemsHandlers(bus: EventBus, deps: GemsHandlerDeps): Promise<void> {
  // A learner's events one after another (no lost races on their balance); other learners' side by side.
  const perLearner = oneAtATimePerKey();
  await bus.subscribe(['quiz.attempt.scored', 'redemption.requested'], async (event: EventEnvelope) => {
    if (event.type === 'quiz.attempt.scored') {
      const data = parseEventData(attemptScored, event);
      await perLearner(data.email, () => creditAttempt(deps.balances, event.id, data));
    } else {
      const data = parseEventData(redemptionRequested, event);
      await perLearner(data.email, () => debitRedemption(deps.balances, event.id, data));
    }
  });
}
