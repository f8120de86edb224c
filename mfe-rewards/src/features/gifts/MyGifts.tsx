import { Badge, Spinner, type BadgeTone } from '@kidslearn/kit/ui';
import type { Redemption } from '../../api/rewards-api';
import { useRewardsApi } from '../../api/rewards-api';
import { messages } from '../../messages';

const tones: Record<Redemption['status'], BadgeTone> = {
  requested: 'warning',
  'awaiting-parent': 'warning',
  'pending-delivery': 'warning',
  delivered: 'success',
  rejected: 'danger',
  // A parent's no is not the child's mistake: said calmly.
  declined: 'neutral',
};
const tone = (status: Redemption['status']) => tones[status] ?? 'warning';
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** "My gifts": the learner's own gift requests, newest first, with their state. */
export function MyGifts() {
  const api = useRewardsApi();
  const mine = api.useRewardsMyRedemptionsQuery();
  if (mine.isError) console.error('Loading your gift requests failed', mine.error);
  const rows = [...(mine.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section className="rwd-mine" aria-labelledby="rwd-my-gifts">
      <h2 id="rwd-my-gifts">{messages.mine.giftsHeading}</h2>
      {mine.isLoading && <Spinner label={messages.loading} />}
      {mine.data && rows.length === 0 && <p>{messages.mine.noGifts}</p>}
      <ul className="rwd-list">
        {rows.map((row) => (
          <li key={row._id} className="rwd-row">
            <img src={row.giftImg} alt="" width={48} height={48} />
            <span className="rwd-row-main">
              <strong>{row.giftName}</strong>
              <span>{messages.mine.requested(day(row.createdAt))}</span>
            </span>
            <Badge tone="info">{messages.gifts.cost(row.cost)}</Badge>
            <Badge tone={tone(row.status)}>{messages.mine.status[row.status] ?? row.status}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
