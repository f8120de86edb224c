import { renderArea, type PlatformSetup } from '@kidslearn/kit/testing';
import { rewardsArea } from '../api/rewards-api';
import { RewardsRoutes } from '../app/RewardsRoutes';

/** Renders the rewards area at `path` on the kit's test platform (a fake gateway, a signed-in learner). */
export function renderRewards(path: string, setup: PlatformSetup = {}) {
  return renderArea(rewardsArea, RewardsRoutes, { session: 'learner', ...setup, path });
}
