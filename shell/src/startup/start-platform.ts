// Start-up, first part: store, API slice and auth wrapper (no React yet).
import { start } from 'single-spa';
import { createPlatform } from '../platform/create-platform';
import { createKeycloakAuth } from '../auth/keycloak-auth';
import type { EarlyStart } from '../config/early-config';

export function startPlatform(early: EarlyStart) {
  let initAuth: () => Promise<void> = async () => undefined;
  const { platform, bindNavigate } = createPlatform({
    gatewayUrl: early.config.gatewayUrl,
    gameUrl: early.config.gameUrl,
    createAuth: (dispatch) => {
      const keycloak = createKeycloakAuth(early.config.keycloak, dispatch);
      initAuth = keycloak.init;
      return keycloak.client;
    },
  });
  // Makes pushState/replaceState emit popstate, so every remote's router follows the URL.
  start({ urlRerouteOnly: true });
  return { platform, bindNavigate, loader: early.loader, areas: early.areas, initAuth };
}

export type StartedPlatform = ReturnType<typeof startPlatform>;
