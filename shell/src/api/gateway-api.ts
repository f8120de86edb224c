// The one RTK Query API slice for the gateway. Remotes add their endpoints with injectEndpoints.
import { createApi } from '@reduxjs/toolkit/query/react';
import type { GatewayBaseQuery } from './base-query';

export interface PortalUser {
  _id: string;
  name: string;
  email: string;
  role?: 'user' | 'admin';
  img?: string;
  gems?: number;
  created_At?: string;
  last_log_in?: string;
}

export interface NewUserRecord {
  name: string;
  email: string;
  role: 'user';
  created_At: string;
  last_log_in: string;
  img: string;
  gems: number;
}

/** SPEC §9 cache lifetimes, in seconds. */
export const cacheSeconds = { role: 300, reviews: 30, gifts: 300, userData: 0, redemptions: 30 } as const;

export const tagTypes = ['User', 'Review', 'Lesson', 'Gift', 'Redemption', 'Standing', 'Avatar', 'Overview'] as const;

export function createGatewayApi(baseQuery: GatewayBaseQuery) {
  return createApi({
    reducerPath: 'gateway',
    baseQuery,
    tagTypes,
    endpoints: (build) => ({
      /** Role, gems, img and _id of the signed-in user; role cached 5 minutes, refetched on focus. */
      getUserByEmail: build.query<PortalUser, string>({
        query: (email) => `/users/email?email=${encodeURIComponent(email)}`,
        keepUnusedDataFor: cacheSeconds.role,
        providesTags: ['User'],
      }),
      recordUser: build.mutation<unknown, NewUserRecord>({
        query: (body) => ({ url: '/users', method: 'POST', body }),
      }),
    }),
  });
}

export type GatewayApi = ReturnType<typeof createGatewayApi>;
