import { lazy, Suspense, useState } from 'react';
import { useCurrentUser, useGemBalance } from '@kidslearn/kit/platform';
import { Badge, GemBadge, Spinner } from '@kidslearn/kit/ui';
import type { Gift } from '../../api/rewards-api';
import { useRewardsApi } from '../../api/rewards-api';
import { messages } from '../../messages';
import { useParentGate } from '../parent/useMyParent';
import { GiftCard } from './GiftCard';
import { MyGifts } from './MyGifts';
import { MyGems } from './MyGems';

// The redeem form opens only on a click: its dialog (focus trap, scroll lock) is loaded then, not with the
// page, which keeps the kit's share of /gift's first load within issue 8's 15 KB.
const RedeemModal = lazy(() => import('./RedeemModal').then((module) => ({ default: module.RedeemModal })));

/** SPEC §2 /gift: the gem balance, the gift grid and the redemption modal; below, what the gems did. */
export function GiftPage() {
  const api = useRewardsApi();
  const user = useCurrentUser();
  const { gems } = useGemBalance();
  const gifts = api.useRewardsGiftsQuery();
  const [chosen, setChosen] = useState<Gift>();
  const parent = useParentGate();
  const signedIn = user.status === 'authenticated';

  return (
    <div className="rwd-gifts">
      <header className="rwd-head">
        <div>
          <h1>{messages.gifts.heading}</h1>
          <p>{messages.gifts.intro}</p>
        </div>
        {signedIn ? <GemBadge gems={gems} className="rwd-balance" /> : <Badge tone="info">{messages.gifts.loginToSeeGems}</Badge>}
      </header>
      {gifts.isLoading && <Spinner label={messages.loading} />}
      {gifts.isError && (
        <p className="rwd-error" role="alert">
          {messages.gifts.loadFailed}
        </p>
      )}
      {gifts.data && (
        <ul className="rwd-grid">
          {gifts.data.map((gift) => (
            <li key={gift.id}>
              <GiftCard gift={gift} signedIn={signedIn} gems={gems} parent={parent} onRedeem={() => setChosen(gift)} />
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <Suspense fallback={null}>
          <RedeemModal gift={chosen} onClose={() => setChosen(undefined)} />
        </Suspense>
      )}
      {/* After the grid is in: shown before it, the history would be pushed down when it arrives. */}
      {signedIn && user.email && !gifts.isLoading && (
        <div className="rwd-history">
          <MyGifts />
          <MyGems email={user.email} />
        </div>
      )}
    </div>
  );
}
