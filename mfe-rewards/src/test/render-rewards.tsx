import { renderWithPlatform, type PlatformSetup } from '@kidslearn/kit/testing';
import { injectRewardsApi } from '../api/rewards-api';
import { RewardsApiContext } from '../app/context';
import { RewardsRoutes } from '../app/RewardsRoutes';

/** Renders the rewards area at `path` on the kit's test platform (a fake gateway, a signed-in learner). */
export function renderRewards(path: string, setup: PlatformSetup = {}) {
  return renderWithPlatform(
    (platform) => (
      <RewardsApiContext.Provider value={injectRewardsApi(platform.api)}>
        <RewardsRoutes />
      </RewardsApiContext.Provider>
    ),
    { session: 'learner', ...setup, path },
  );
}
