import { useRef, useState } from 'react';
import { useFeedback } from '@kidslearn/kit/platform';
import { Badge, Button, type BadgeTone } from '@kidslearn/kit/ui';
import { useFamilyApi, type Address, type Redemption } from '../../api/family-api';
import { day } from '../../domain/dates';
import { serverMessage } from '../../domain/server-error';
import { messages } from '../../messages';
import { AddressForm } from './AddressForm';

const text = messages.gifts;
const tones: Record<Redemption['status'], BadgeTone> = {
  requested: 'info',
  'awaiting-parent': 'warning',
  'pending-delivery': 'info',
  delivered: 'success',
  rejected: 'neutral',
  declined: 'neutral',
};

/** One gift request of the child; one waiting for the parent can be sent (address confirmed) or declined. */
export function GiftRequest({ gift, childName }: { gift: Redemption; childName: string }) {
  const api = useFamilyApi();
  const feedback = useFeedback();
  const [approve, approving] = api.useFamilyApproveGiftMutation();
  const [decline, declining] = api.useFamilyDeclineGiftMutation();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string>();
  const waiting = gift.status === 'awaiting-parent';
  const formId = `fam-address-${gift._id}`;

  const send = async (address: Address) => {
    setProblem(undefined);
    try {
      await approve({ id: gift._id, address }).unwrap();
      setOpen(false);
      feedback.toast({ text: text.approved(gift.giftName), icon: 'success' });
    } catch (error) {
      setProblem(serverMessage(error, text.failed));
    }
  };
  const refuse = async () => {
    const sure = await feedback.confirm({ title: text.declineTitle(gift.giftName), text: text.declineText(childName, gift.cost), confirmText: text.declineYes, cancelText: text.keep });
    if (!sure) return;
    try {
      await decline(gift._id).unwrap();
      feedback.toast({ text: text.declined(gift.giftName), icon: 'success' });
    } catch (error) {
      void feedback.alert({ title: text.failed, text: serverMessage(error, ''), icon: 'error' });
    }
  };

  return (
    <li className="fam-gift">
      <div className="fam-row">
        <img src={gift.giftImg} alt="" width={56} height={56} />
        <span className="fam-row-main">
          <strong>{gift.giftName}</strong>
          <span className="fam-muted">{text.requested(day(gift.createdAt))}</span>
        </span>
        <Badge tone="info">{text.cost(gift.cost)}</Badge>
        <Badge tone={tones[gift.status] ?? 'neutral'}>{text.status[gift.status] ?? gift.status}</Badge>
      </div>
      {waiting && (
        <div className="fam-actions">
          <Button ref={opener} aria-expanded={open} aria-controls={formId} onClick={() => setOpen((value) => !value)} aria-label={`${text.confirmAddress}: ${gift.giftName}`}>
            {text.confirmAddress}
          </Button>
          <Button variant="outline" busy={declining.isLoading} onClick={() => void refuse()} aria-label={`${text.decline}: ${gift.giftName}`}>
            {text.decline}
          </Button>
        </div>
      )}
      {waiting && open && (
        <div id={formId}>
          <AddressForm
            label={text.formLabel(gift.giftName)}
            initial={gift.address}
            busy={approving.isLoading}
            problem={problem}
            onSubmit={(address) => void send(address)}
            onCancel={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </div>
      )}
    </li>
  );
}
