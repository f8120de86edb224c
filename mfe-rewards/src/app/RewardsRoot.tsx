import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { RemoteProps } from '@kidslearn/kit/platform';
import { injectRewardsApi } from '../api/rewards-api';
import { RewardsApiContext } from './context';
import { RewardsRoutes } from './RewardsRoutes';

/** The rewards area's root; every rule of its stylesheet lives under .kl-rewards. */
export function RewardsRoot({ platform }: RemoteProps) {
  const api = useMemo(() => injectRewardsApi(platform.api), [platform]);
  return (
    <RewardsApiContext.Provider value={api}>
      <BrowserRouter>
        <div className="kl-rewards">
          <RewardsRoutes />
        </div>
      </BrowserRouter>
    </RewardsApiContext.Provider>
  );
}
