// keycloak-js is initialised exactly once, outside React; the session lands in the Redux store.
import Keycloak from 'keycloak-js';
import type { AuthClient } from './auth-client';
import { signedIn, signedOut, type SessionUser } from './session-slice';
import type { RuntimeConfig } from '../config/runtime-config';
import type { AppDispatch } from '../store/store';

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
  const keycloak = new Keycloak({ url: config.url, realm: config.realm, clientId: config.clientId });
  const absolute = (path = '/') => new URL(path.startsWith('/') ? path : '/', window.location.origin).href;

  const client: AuthClient = {
    login: (returnPath, options) => keycloak.login({ redirectUri: absolute(returnPath), idpHint: options?.idpHint }),
    logout: async (returnPath) => {
      dispatch(signedOut());
      await keycloak.logout({ redirectUri: absolute(returnPath) });
    },
    getToken: async () => {
      if (!keycloak.authenticated) return undefined;
      try {
        await keycloak.updateToken(MIN_VALIDITY_SECONDS);
      } catch {
        dispatch(signedOut());
        keycloak.clearToken();
        return undefined;
      }
      return keycloak.token;
    },
  };

  keycloak.onTokenExpired = () => {
    keycloak.updateToken(MIN_VALIDITY_SECONDS).catch(() => {
      keycloak.clearToken();
      dispatch(signedOut());
    });
  };
  keycloak.onAuthRefreshSuccess = () => {
    if (keycloak.tokenParsed) dispatch(signedIn(sessionUserFrom(keycloak.tokenParsed as TokenClaims)));
  };

  async function init(): Promise<void> {
    try {
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
        await client.logout('/');
        return;
      }
      dispatch(signedIn(sessionUserFrom(claims)));
    } catch (error) {
      console.error('Keycloak is not reachable; continuing as a visitor', error);
      dispatch(signedOut());
    }
  }

  return { client, init };
}
