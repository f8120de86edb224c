import { useState, type FormEvent } from 'react';
import { useCurrentUser, useGemBalance } from '@kidslearn/kit/platform';
import { AddressFields, Button, Modal, emptyAddress } from '@kidslearn/kit/ui';
import type { Address, Gift } from '../../api/rewards-api';
import { redeemProblem } from '../../domain/redeem-rules';
import { messages } from '../../messages';
import { useRedeem } from './useRedeem';

/** The address form and the confirmation of the gift and its cost (SPEC §2, §5). */
export function RedeemModal({ gift, onClose }: { gift: Gift; onClose: () => void }) {
  const user = useCurrentUser();
  const { gems } = useGemBalance();
  const { submit, busy } = useRedeem(gift, onClose);
  const [address, setAddress] = useState<Address>(emptyAddress);
  const [problem, setProblem] = useState<string>();
  const [showErrors, setShowErrors] = useState(false);
  const cost = gift.cost ?? 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = redeemProblem(gift, user.status === 'authenticated', gems, address);
    setShowErrors(true);
    setProblem(found);
    if (found || busy) return;
    await submit(address); // closes the form itself unless it failed
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={messages.redeem.title(gift.name)} description={messages.redeem.description(gift.name, cost)}>
      <form className="rwd-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <AddressFields value={address} onChange={setAddress} showErrors={showErrors} />
        {problem && (
          <p className="rwd-error" role="alert">
            {problem}
          </p>
        )}
        <div className="rwd-form-actions">
          <Button variant="outline" onClick={onClose}>
            {messages.redeem.cancel}
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {busy ? messages.redeem.confirming : messages.redeem.confirm(cost)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
