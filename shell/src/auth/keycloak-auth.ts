// keycloak-js is initialised exactly once, outside React; the session lands in the Redux store.
// The library is fetched by init (its own chunk), so it is not on the way to the first render.
import type Keycloak from 'keycloak-js';
import type { AuthClient } from '@kidslearn/kit/platform';
import { signedIn, signedOut, type SessionUser } from '@kidslearn/kit/platform';
import type { RuntimeConfig } from '../config/runtime-config';
import type { AppDispatch } from '@kidslearn/kit/platform';

const MIN_VALIDITY_SECONDS = 30;

interface TokenClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  realm_access?: { roles?: string[] };
}

export function sessionUserFrom(claims: TokenClaims): SessionUser {
  return {
    sub: claims.sub ?? '',
    email: (claims.email ?? claims.preferred_username ?? '').toLowerCase(),
    name: claims.name ?? claims.preferred_username ?? '',
    roles: claims.realm_access?.roles ?? [],
  };
}

export function createKeycloakAuth(config: RuntimeConfig['keycloak'], dispatch: AppDispatch) {
  let keycloak: Keycloak | undefined;
  let initialised: Promise<void> | undefined;
  const absolute = (path = '/') => new URL(path.startsWith('/') ? path : '/', window.location.origin).href;
  /** The initialised adapter; login and logout wait for init (started on demand if it was not yet). */
  const ready = async (): Promise<Keycloak> => {
    await init();
    if (!keycloak) throw new Error('Keycloak is not available');
    return keycloak;
  };

  const client: AuthClient = {
    login: async (returnPath, options) => (await ready()).login({ redirectUri: absolute(returnPath), idpHint: options?.idpHint }),
    // The page leaves for Keycloak's logout. Marking the session signed out before it has left would let a
    // guarded page send the visitor to the login page, and that navigation cancels the logout's (the user
    // stayed signed in): only when the logout cannot start is the session marked signed out here.
    logout: async (returnPath) => {
      try {
        await (await ready()).logout({ redirectUri: absolute(returnPath) });
      } catch (error) {
        dispatch(signedOut());
        throw error;
      }
    },
    getToken: async () => {
      if (!keycloak?.authenticated) return undefined;
      try {
        await keycloak.updateToken(MIN_VALIDITY_SECONDS);
      } catch {
        dispatch(signedOut());
        keycloak.clearToken();
        return undefined;
      }
      return keycloak.token;
    },
    // Forced (-1): the current token may be valid for minutes yet carry roles that changed since. A
    // failure changes nothing here: the caller's refused request then signs the user out (SPEC §6).
    refreshToken: async () => {
      if (!keycloak?.authenticated) return undefined;
      try {
        await keycloak.updateToken(-1);
      } catch {
        return undefined;
      }
      return keycloak.token;
    },
  };

  async function create(): Promise<Keycloak> {
    const { default: KeycloakAdapter } = await import(/* webpackChunkName: "keycloak" */ 'keycloak-js');
    const instance = new KeycloakAdapter({ url: config.url, realm: config.realm, clientId: config.clientId });
    instance.onTokenExpired = () => {
      instance.updateToken(MIN_VALIDITY_SECONDS).catch(() => {
        instance.clearToken();
        dispatch(signedOut());
      });
    };
    instance.onAuthRefreshSuccess = () => {
      if (instance.tokenParsed) dispatch(signedIn(sessionUserFrom(instance.tokenParsed as TokenClaims)));
    };
    return instance;
  }

  async function checkSession(): Promise<void> {
    try {
      keycloak = await create();
      const authenticated = await keycloak.init({
        onLoad: 'check-sso',
        pkceMethod: 'S256',
        silentCheckSsoRedirectUri: `${window.location.origin}/silent-check-sso.html`,
        checkLoginIframe: false,
        messageReceiveTimeout: 5000,
      });
      const claims = keycloak.tokenParsed as TokenClaims | undefined;
      if (!authenticated || !claims) {
        dispatch(signedOut());
        return;
      }
      // SPEC §4: a login without a verified email signs the user out again.
      if (claims.email_verified === false) {
        dispatch(signedOut());
        await keycloak.logout({ redirectUri: absolute('/') });
        return;
      }
      dispatch(signedIn(sessionUserFrom(claims)));
    } catch (error) {
      console.error('Keycloak is not reachable; continuing as a visitor', error);
      dispatch(signedOut());
    }
  }

  /** Runs the check-sso once; later calls get the same promise. */
  function init(): Promise<void> {
    initialised ??= checkSession();
    return initialised;
  }

  return { client, init };
}
