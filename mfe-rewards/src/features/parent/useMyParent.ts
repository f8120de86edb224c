import { useEffect } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCurrentUser } from '@kidslearn/kit/platform';
import { useRewardsApi } from '../../api/rewards-api';
import type { ParentGate } from '../../domain/redeem-rules';

/** The signed-in learner's parent (GET /family/parent), read afresh on each page: a parent may agree meanwhile. */
export function useMyParent() {
  const signedIn = useCurrentUser().status === 'authenticated';
  const query = useRewardsApi().useRewardsMyParentQuery(signedIn ? undefined : skipToken, { refetchOnMountOrArgChange: true });
  // Logged once per failure (SPEC §8: failed learner reads are only logged); a 404 is "no family service here".
  const { error } = query;
  useEffect(() => {
    if (error && (error as { status?: unknown }).status !== 404) console.error('Loading your parent failed', error);
  }, [error]);
  return query;
}

/**
 * Whether gifts wait for a parent's agreement (PARENT_CONSENT=required and no agreement yet). Unknown (the service
 * answers no status, or fails) is no constraint here: the server still refuses, and its message is shown.
 */
export function useParentGate(): ParentGate {
  const parent = useMyParent();
  if (parent.isLoading) return 'checking';
  const data = parent.isSuccess ? parent.data : undefined;
  return data?.consentMode === 'required' && data.status !== 'consented' ? 'needed' : 'ok';
}
