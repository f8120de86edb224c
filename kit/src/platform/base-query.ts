import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { AuthClient } from './auth-client';

export interface GatewayQueryDeps {
  /** Read at call time, so the gateway address can come from the runtime config. */
  getBaseUrl: () => string;
  auth: Pick<AuthClient, 'getToken'>;
  /** SPEC §6: any 401 or 403 signs the user out and sends them to /forbidden. */
  onUnauthorized: () => void;
  fetchFn?: typeof fetch;
}

export type GatewayBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

export function createGatewayBaseQuery(deps: GatewayQueryDeps): GatewayBaseQuery {
  const raw = fetchBaseQuery({
    fetchFn: deps.fetchFn ?? ((...args) => fetch(...args)),
    prepareHeaders: async (headers) => {
      const token = await deps.auth.getToken();
      if (token) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    const request = typeof args === 'string' ? { url: args } : args;
    const result = await raw({ ...request, url: `${deps.getBaseUrl()}${request.url}` }, api, extraOptions);
    const status = result.error?.status;
    if (status === 401 || status === 403) deps.onUnauthorized();
    return result;
  };
}
