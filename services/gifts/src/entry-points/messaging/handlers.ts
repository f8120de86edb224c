import type { EventHandlers } from '@kidslearn/lib-events';
import { eraseLearner, type EraseLearnerDeps } from '../../use-cases/erase-learner';
import { settleRedemption, type SettleRedemptionDeps } from '../../use-cases/settle-redemption';

/** gifts' consumers. Data that does not parse is poison (lib-events); any other failure is retried. */
export function giftsHandlers(deps: SettleRedemptionDeps & EraseLearnerDeps): EventHandlers {
  return {
    // To the parent (gems held) when they approved gifts as the learner asked, else to delivery.
    'gems.debited': async (event) => {
      const { redemptionId, balance } = event.data;
      await settleRedemption(deps, event.id, redemptionId, { status: 'debited', balance });
    },
    'gems.debit.rejected': async (event) => {
      const { redemptionId, balance, reason } = event.data;
      await settleRedemption(deps, event.id, redemptionId, { status: 'rejected', balance, reason });
    },
    // The learner's redemptions go (audit rows kept), with their family links and gem counters. A redelivery erases again.
    'learner.erased': async (event) => {
      await eraseLearner(deps, event.data.email, new Date(event.occurredAt));
    },
  };
}
