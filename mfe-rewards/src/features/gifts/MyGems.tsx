import { Spinner } from '@kidslearn/kit/ui';
import type { LedgerEntry } from '../../api/rewards-api';
import { useRewardsApi } from '../../api/rewards-api';
import { messages } from '../../messages';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** "My gems": every gem earned (per lesson) and spent (per gift), newest first, from the gems ledger. */
export function MyGems({ email }: { email: string }) {
  const api = useRewardsApi();
  const ledger = api.useRewardsLedgerQuery(email);
  const lessons = api.useRewardsLessonNamesQuery();
  const gifts = api.useRewardsMyRedemptionsQuery();
  if (ledger.isError) console.error('Loading your gem history failed', ledger.error);
  const lessonName = new Map((lessons.data ?? []).map((lesson) => [lesson._id, lesson.lessonHeading]));
  const giftName = new Map((gifts.data ?? []).map((gift) => [gift._id, gift.giftName]));
  const describe = (entry: LedgerEntry) => {
    if (entry.lessonId) return messages.mine.earnedFor(lessonName.get(entry.lessonId) ?? messages.mine.aLesson);
    if (entry.kind === 'debit') return messages.mine.spentOn(giftName.get(entry.ref.replace(/^redemption:/, '')) ?? messages.mine.aGift);
    // Families: a parent declined the gift and its held gems came back.
    if (entry.kind === 'refund') return messages.mine.refundFor(giftName.get(entry.ref.replace(/^(refund|redemption):/, '')) ?? messages.mine.aGift);
    return messages.mine.adjusted;
  };
  // A refused debit moved no gem: it is not part of the history.
  const rows = (ledger.data ?? []).filter((entry) => entry.amount !== 0).sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="rwd-mine" aria-labelledby="rwd-my-gems">
      <h2 id="rwd-my-gems">{messages.mine.gemsHeading}</h2>
      {ledger.isLoading && <Spinner label={messages.loading} />}
      {ledger.data && rows.length === 0 && <p>{messages.mine.noGems}</p>}
      <ul className="rwd-list">
        {rows.map((entry) => (
          <li key={entry.ref} className="rwd-row">
            <span className={entry.amount >= 0 ? 'rwd-amount rwd-earned' : 'rwd-amount rwd-spent'}>
              {entry.amount >= 0 ? messages.mine.earned(entry.amount) : messages.mine.spent(-entry.amount)}
            </span>
            <span className="rwd-row-main">
              <strong>{describe(entry)}</strong>
              <span>{day(entry.at)}</span>
            </span>
            <span className="rwd-after">{messages.mine.balanceAfter(entry.balance)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
