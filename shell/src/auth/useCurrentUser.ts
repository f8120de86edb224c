import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { usePlatform } from '../platform/contexts';
import type { RootState } from '../store/store';
import type { PortalUser } from '../api/gateway-api';

export type Role = 'user' | 'admin';

export interface CurrentUser {
  status: 'loading' | 'anonymous' | 'authenticated';
  /** Known once GET /users/email answered (or failed: then the token's roles decide). */
  role: Role | undefined;
  profile: PortalUser | undefined;
  profileLoading: boolean;
  name: string;
}

export function useCurrentUser(): CurrentUser {
  const { api } = usePlatform();
  const session = useSelector((state: RootState) => state.session);
  const email = session.user?.email;
  const query = api.useGetUserByEmailQuery(email ? email : skipToken, { refetchOnFocus: true });
  let role: Role | undefined;
  if (session.user) {
    if (query.data?.role) role = query.data.role;
    else if (query.isError || (query.data && !query.data.role)) role = session.user.roles.includes('admin') ? 'admin' : 'user';
  }
  return {
    status: session.status,
    role,
    profile: query.data,
    profileLoading: Boolean(email) && query.isLoading,
    name: query.data?.name ?? session.user?.name ?? '',
  };
}
