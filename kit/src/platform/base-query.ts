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

/** An endpoint's `extraOptions` (RTK Query hands them to the base query). */
export interface GatewayExtraOptions {
  /**
   * 403 answers whose body `code` is listed here are this endpoint's own answer, a rule the page explains (e.g.
   * `parent_consent_required`: a parent must agree first), not a refusal of the session: no token refresh, no
   * retry, nobody signed out. A 403 with any other code (the auth middleware's `forbidden`) is still SPEC §6's.
   */
  answerCodes?: readonly string[];
}

export type GatewayBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, GatewayExtraOptions>;

const isRefusal = (status: unknown) => status === 401 || status === 403;

/** Whether an answer refuses the session (SPEC §6: sign out, /forbidden), given the endpoint's answer codes. */
export function refusesSession(error: { status: unknown; data?: unknown } | undefined, options?: GatewayExtraOptions): boolean {
  if (!error || !isRefusal(error.status)) return false;
  const code = (error.data as { code?: unknown } | undefined)?.code;
  return !(error.status === 403 && typeof code === 'string' && options?.answerCodes?.includes(code));
}

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
    if (refusesSession(result.error, extraOptions) && (await deps.auth.refreshToken())) result = await send();
    if (refusesSession(result.error, extraOptions)) deps.onUnauthorized();
    return result;
  };
}
