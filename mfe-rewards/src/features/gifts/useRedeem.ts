// One redemption is one call. The balance drops at once (never below 0), takes the server's total on
// success, comes back on failure, and is read again afterwards (SPEC §4). The Idempotency-Key is made
// when the form opens, so a double click or a retry after a network error cannot spend twice.
import { useState } from 'react';
import { useFeedback, useGemBalance } from '@kidslearn/kit/platform';
import type { Address, Gift } from '../../api/rewards-api';
import { useRewardsApi } from '../../api/rewards-api';
import { failureMessage } from '../../domain/redeem-rules';
import { messages } from '../../messages';

export type RedeemOutcome = 'redeemed' | 'processing' | 'failed';

/** Resolves after React has committed what was set before (the closed form is gone from the page). */
const afterCommit = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `closeForm` closes the redeem dialog before a settled outcome is announced, so the two modal layers
 * (the dialog, the shell's alert) do not overlap; the kit's modal-layers.ts repairs what a quick user can
 * still interleave (a dialog opened while the alert fades).
 */
export function useRedeem(gift: Gift, closeForm: () => void) {
  const api = useRewardsApi();
  const [redeem, { isLoading }] = api.useRewardsRedeemMutation();
  const balance = useGemBalance();
  const feedback = useFeedback();
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const submit = async (address: Address): Promise<RedeemOutcome> => {
    const rollback = balance.change(-(gift.cost ?? 0));
    try {
      const answer = await redeem({ giftId: gift.id, address, idempotencyKey }).unwrap();
      if (answer.status === 202) {
        // Accepted but not settled: neither success nor failure; the real balance is read again below.
        rollback();
        closeForm();
        await afterCommit();
        void feedback.alert({ title: messages.redeem.processingTitle, text: messages.redeem.processingText, icon: 'info' });
        return 'processing';
      }
      balance.set(answer.gems);
      closeForm();
      await afterCommit();
      void feedback.alert({ title: messages.redeem.successTitle, icon: 'success', timer: 2000 });
      return 'redeemed';
    } catch (error) {
      rollback();
      void feedback.alert({ title: messages.redeem.failureTitle, text: failureMessage(error), icon: 'error' });
      return 'failed';
    } finally {
      void balance.refetch();
    }
  };
  return { submit, busy: isLoading, idempotencyKey };
}
