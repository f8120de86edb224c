import type { Event } from '@kidslearn/contracts';
import { CREATED_NOTHING } from '@kidslearn/lib-mongo';
import type { EventHandlers } from '@kidslearn/lib-events';
import type { BalanceStore } from '../../domain/ports';
import { creditAttempt } from '../../use-cases/credit-attempt';
import { creditReview } from '../../use-cases/credit-review';
import { debitRedemption } from '../../use-cases/debit-redemption';
import { eraseLearner, type EraseLearnerDeps } from '../../use-cases/erase-learner';
import { oneAtATimePerKey } from '../../use-cases/one-at-a-time';
import { refundRedemption } from '../../use-cases/refund-redemption';

export interface GemsHandlerDeps extends EraseLearnerDeps {
  balances: BalanceStore;
  /**
   * Runs a write about a learner unless the learner was erased after `originatedAt` (lib-mongo
   * writeUnlessErased): nothing is credited or debited for a late or re-driven event of an erased learner.
   */
  unlessErased(email: string, originatedAt: string, write: () => Promise<unknown>): Promise<unknown>;
}

/**
 * gems' consumers. Data that does not parse is poison (lib-events: dead-lettered at once); any other failure is
 * retried over the bus's long horizon.
 */
export function gemsHandlers(deps: GemsHandlerDeps): EventHandlers {
  // A learner's events one after another in this process (fewer lost races on their balance; correctness does
  // not depend on it: other instances take the learner's other events); other learners' side by side.
  const perLearner = oneAtATimePerKey();
  // Only the write waits for the learner's turn: the check once written (a database read) runs outside it, so the
  // learner's next event does not wait for it. A change of a balance that was there before it is checked no more
  // (lib-mongo CREATED_NOTHING): the erasure deletes the balance whenever it runs, and the line and best the change
  // copies later are checked when they land (the repository's afterCopies). Only a write that created the balance
  // is checked once written.
  const guarded = (event: Event, email: string, write: (balances: BalanceStore) => Promise<unknown>) =>
    deps.unlessErased(email, event.occurredAt, () =>
      perLearner(email, async () => {
        let created = false;
        await write({ ...deps.balances, findOrCreate: (learner) => deps.balances.findOrCreate(learner, () => (created = true)) });
        return created ? undefined : CREATED_NOTHING;
      }),
    );
  return {
    'quiz.attempt.scored': async (event) => {
      await guarded(event, event.data.email, (balances) => creditAttempt(balances, event.id, event.data));
    },
    'redemption.requested': async (event) => {
      await guarded(event, event.data.email, (balances) => debitRedemption(balances, event.id, event.data));
    },
    // A parent declined a gift whose gems were held: they come back once (use-cases/refund-redemption.ts).
    'redemption.declined': async (event) => {
      await guarded(event, event.data.email, (balances) => refundRedemption(balances, event.id, event.data));
    },
    'daily.review.completed': async (event) => {
      await guarded(event, event.data.email, (balances) => creditReview(balances, event.id, event.data));
    },
    // The tombstone first, then the data: a credit or debit in progress here ends before it, and one elsewhere
    // is erased again once written (writeUnlessErased). A redelivery erases again.
    'learner.erased': async (event) => {
      const { email } = event.data;
      await perLearner(email, () => eraseLearner(deps, email, new Date(event.occurredAt)));
    },
  };
}
