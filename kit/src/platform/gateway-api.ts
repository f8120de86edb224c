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

export const tagTypes = ['User', 'Gems', 'Review', 'Lesson', 'Gift', 'Redemption', 'Standing', 'Avatar', 'Overview', 'QuizResult', 'Ledger'] as const;
export type TagType = (typeof tagTypes)[number];

/** The gems service's answer: the balance itself, never the user record's event-fed copy. */
export interface GemsAnswer {
  email: string;
  gems: number;
}

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
        // SPEC §8: a failed fetch of the user is only logged (its status and answer, never the email).
        async onQueryStarted(_email, { queryFulfilled }) {
          try {
            await queryFulfilled;
          } catch (failure) {
            console.error('Loading the user profile failed', (failure as { error?: unknown }).error ?? failure);
          }
        },
      }),
      /** The one gem balance (SPEC §4); written only through useGemBalance. */
      getGems: build.query<GemsAnswer, string>({
        query: (email) => `/gems/${encodeURIComponent(email)}`,
        keepUnusedDataFor: cacheSeconds.userData,
        providesTags: ['Gems'],
      }),
      /** POST /users after sign-in. A profile read before the record existed (404) is read again. */
      recordUser: build.mutation<unknown, NewUserRecord>({
        query: (body) => ({ url: '/users', method: 'POST', body }),
        invalidatesTags: ['User'],
      }),
    }),
  });
}

export type GatewayApi = ReturnType<typeof createGatewayApi>;
