import { createGatewayApi } from '../api/gateway-api';
import { createGatewayBaseQuery } from '../api/base-query';
import { createStore } from '../store/store';
import type { AuthClient } from '../auth/auth-client';
import type { Platform } from './types';

export interface PlatformDeps {
  gatewayUrl: string;
  /** Created after the store exists (it dispatches session changes into it). */
  createAuth: (dispatch: Platform['store']['dispatch']) => AuthClient;
  fetchFn?: typeof fetch;
}

/** Wires store, API slice and auth; `navigate` is bound once the router exists. */
export function createPlatform(deps: PlatformDeps) {
  let navigate: (to: string) => void = (to) => window.location.assign(to);
  let auth: AuthClient | undefined;
  const api = createGatewayApi(
    createGatewayBaseQuery({
      getBaseUrl: () => deps.gatewayUrl,
      auth: { getToken: () => auth?.getToken() ?? Promise.resolve(undefined) },
      onUnauthorized: () => {
        const wasSignedIn = store.getState().session.status === 'authenticated';
        if (wasSignedIn && auth) void auth.logout('/forbidden');
        else navigate('/forbidden');
      },
      fetchFn: deps.fetchFn,
    }),
  );
  const { store, injectSlice } = createStore(api);
  auth = deps.createAuth(store.dispatch);
  const platform: Platform = {
    store,
    api,
    auth,
    navigate: (to) => navigate(to),
    injectSlice: injectSlice as Platform['injectSlice'],
    config: { gatewayUrl: deps.gatewayUrl },
  };
  return { platform, bindNavigate: (fn: (to: string) => void) => (navigate = fn) };
}
