import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { usePlatform } from './PlatformProvider';
import { useGemBalance } from './gem-balance';
import { cacheSeconds, type PortalUser } from './gateway-api';
import type { RootState } from './store';

export type Role = 'user' | 'admin';

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
  // SPEC §6: the role is cached 5 minutes and refetched when the window regains focus.
  const query = api.useGetUserByEmailQuery(email ? email : skipToken, { refetchOnFocus: true, refetchOnMountOrArgChange: cacheSeconds.role });
  let role: Role | undefined;
  if (session.user) {
    if (query.data?.role) role = query.data.role;
    else if (query.isError || (query.data && !query.data.role)) role = session.user.roles.includes('admin') ? 'admin' : 'user';
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
    profileLoading: Boolean(email) && query.isLoading,
  };
}
