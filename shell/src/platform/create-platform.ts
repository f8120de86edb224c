import { createGatewayApi, createGatewayBaseQuery, createStore, type AuthClient, type Feedback, type Platform } from '@kidslearn/kit/platform';
import { createFeedbackService } from '../feedback/feedback-service';

export interface PlatformDeps {
  gatewayUrl: string;
  gameUrl?: string;
  feedback?: Feedback;
  /** Created after the store exists (it dispatches session changes into it). */
  createAuth: (dispatch: Platform['store']['dispatch']) => AuthClient;
  fetchFn?: typeof fetch;
}

/** Wires store, API slice and auth; `navigate` is bound once the router exists. */
export function createPlatform(deps: PlatformDeps) {
  let navigate: (to: string) => void = (to) => window.location.assign(to);
  // The base query needs the auth client, which needs the store, which needs the API: fill it in below.
  const late: { auth?: AuthClient } = {};
  const api = createGatewayApi(
    createGatewayBaseQuery({
      getBaseUrl: () => deps.gatewayUrl,
      auth: {
        getToken: () => late.auth?.getToken() ?? Promise.resolve(undefined),
        refreshToken: () => late.auth?.refreshToken() ?? Promise.resolve(undefined),
      },
      onUnauthorized: () => {
        const wasSignedIn = store.getState().session.status === 'authenticated';
        if (wasSignedIn && late.auth) void late.auth.logout('/forbidden');
        else navigate('/forbidden');
      },
      fetchFn: deps.fetchFn,
    }),
  );
  const { store, injectSlice } = createStore(api);
  const auth = deps.createAuth(store.dispatch);
  late.auth = auth;
  const platform: Platform = {
    store,
    api,
    auth,
    navigate: (to) => navigate(to),
    injectSlice: injectSlice as Platform['injectSlice'],
    config: { gatewayUrl: deps.gatewayUrl, gameUrl: deps.gameUrl },
    feedback: deps.feedback ?? createFeedbackService(),
  };
  return { platform, bindNavigate: (fn: (to: string) => void) => (navigate = fn) };
}
