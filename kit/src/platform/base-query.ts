import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { AuthClient } from './auth-client';

export interface GatewayQueryDeps {
  /** Read at call time, so the gateway address can come from the runtime config. */
  getBaseUrl: () => string;
  auth: Pick<AuthClient, 'getToken' | 'refreshToken'>;
  /** SPEC §6: any 401 or 403 signs the user out and sends them to /forbidden. */
  onUnauthorized: () => void;
  fetchFn?: typeof fetch;
}

export type GatewayBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

const isRefusal = (status: unknown) => status === 401 || status === 403;

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
    const send = () => raw({ ...request, url: `${deps.getBaseUrl()}${request.url}` }, api, extraOptions);
    let result = await send();
    // A token carries the roles it was issued with (5 minutes): after Make Admin or Remove Admin the server
    // refuses what the old roles did not allow. One forced refresh and one retry before signing out; a
    // refused request changed nothing, so sending it again is safe.
    if (isRefusal(result.error?.status) && (await deps.auth.refreshToken())) result = await send();
    if (isRefusal(result.error?.status)) deps.onUnauthorized();
    return result;
  };
}
