import { createContext, useContext } from 'react';
import type { RewardsApi } from '../api/rewards-api';

/** This remote's endpoints (injected once per mount into the platform's API slice). */
export const RewardsApiContext = createContext<RewardsApi | null>(null);

export function useRewardsApi(): RewardsApi {
  const api = useContext(RewardsApiContext);
  if (!api) throw new Error('RewardsApiContext is missing');
  return api;
}
