import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { usePlatform } from './PlatformProvider';
import { useGemBalance } from './gem-balance';
import { cacheSeconds, type PortalUser } from './gateway-api';
import type { RootState } from './store';

/** The app role: `user` is a learner; `parent` is a Keycloak realm role (a parent's account is never a learner's). */
export type Role = 'user' | 'admin' | 'parent';

/**
 * Admin comes from the user record (make-admin) or, when it cannot be read, the token; parent from the token
 * (parents have no learner record); everyone else is a learner.
 */
export function roleOf(tokenRoles: string[], profileRole: 'user' | 'admin' | undefined): Role {
  if (profileRole === 'admin' || (profileRole === undefined && tokenRoles.includes('admin'))) return 'admin';
  if (tokenRoles.includes('parent')) return 'parent';
  return 'user';
}

export interface CurrentUser {
  status: 'loading' | 'anonymous' | 'authenticated';
  /** Known once GET /users/email answered (or failed: then the token's roles decide). */
  role: Role | undefined;
  _id: string | undefined;
  name: string;
  email: string | undefined;
  img: string | undefined;
  /** From the gems service (the one gem balance), not the user record's copy. */
  gems: number | undefined;
  profile: PortalUser | undefined;
  profileLoading: boolean;
}

export function useCurrentUser(): CurrentUser {
  const { api } = usePlatform();
  const session = useSelector((state: RootState) => state.session);
  const { gems } = useGemBalance();
  const email = session.user?.email;
  // A parent has no learner record: the token alone says so, at once (no lookup whose 404 would be asked
  // again by every new subscriber, the role blinking to unknown each time).
  const parentOnly = Boolean(session.user?.roles.includes('parent') && !session.user.roles.includes('admin'));
  // SPEC §6: the role is cached 5 minutes and refetched when the window regains focus.
  const query = api.useGetUserByEmailQuery(email && !parentOnly ? email : skipToken, { refetchOnFocus: true, refetchOnMountOrArgChange: cacheSeconds.role });
  let role: Role | undefined;
  if (session.user) {
    if (parentOnly) role = 'parent';
    else if (query.data?.role) role = roleOf(session.user.roles, query.data.role);
    else if (query.isError || (query.data && !query.data.role)) role = roleOf(session.user.roles, undefined);
  }
  return {
    status: session.status,
    role,
    _id: query.data?._id,
    name: query.data?.name ?? session.user?.name ?? '',
    email,
    img: query.data?.img,
    gems,
    profile: query.data,
    profileLoading: Boolean(email) && !parentOnly && query.isLoading,
  };
}
