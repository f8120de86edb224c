import { Badge, Button, Card, Tooltip } from '@kidslearn/kit/ui';
import type { Gift } from '../../api/rewards-api';
import { disabledReason, isPending, isPriceSet, type ParentGate } from '../../domain/redeem-rules';
import { messages } from '../../messages';

export function GiftCard({ gift, signedIn, gems, parent, onRedeem }: { gift: Gift; signedIn: boolean; gems: number | undefined; parent: ParentGate; onRedeem: () => void }) {
  const reason = disabledReason(gift, signedIn, gems, parent);
  const button = (
    <Button variant="primary" block disabled={reason !== undefined} busy={isPending(reason)} onClick={onRedeem} aria-label={messages.gifts.redeemGift(gift.name)}>
      {messages.gifts.redeem}
    </Button>
  );
  return (
    <Card className="rwd-card">
      <img src={gift.img} alt="" width={160} height={160} loading="lazy" />
      <h2>{gift.name}</h2>
      {isPriceSet(gift.cost) ? <Badge tone="info">{messages.gifts.cost(gift.cost)}</Badge> : <Badge tone="warning">{messages.gifts.setPrice}</Badge>}
      {reason && !isPending(reason) ? <Tooltip content={messages.gifts.disabled[reason]}>{button}</Tooltip> : button}
    </Card>
  );
}
