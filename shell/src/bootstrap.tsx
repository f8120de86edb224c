// single-spa root config: loads the runtime config, wires the platform, starts single-spa and
// renders the layout. Remotes are mounted as parcels by <RemoteArea> where the router says.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { startConfigLoad } from './config/early-config';
import { createPlatform } from './platform/create-platform';
import { createKeycloakAuth } from './auth/keycloak-auth';
import { recordSignedInUser } from './auth/record-user';
import { createRemoteLoader } from './remotes/remote-loader';
import { remoteForPath } from './remotes/remote-for-path';
import { App } from './App';
import './styles/shell.css';

async function main() {
  const config = await startConfigLoad();
  let initAuth: () => Promise<void> = async () => undefined;
  const { platform, bindNavigate } = createPlatform({
    gatewayUrl: config.gatewayUrl,
    createAuth: (dispatch) => {
      const keycloak = createKeycloakAuth(config.keycloak, dispatch);
      initAuth = keycloak.init;
      return keycloak.client;
    },
  });
  const loader = createRemoteLoader(config.remotes);
  // The page's remote downloads while React renders the layout; its area picks up the same load.
  const pageRemote = remoteForPath(window.location.pathname);
  if (pageRemote) loader(pageRemote).catch(() => undefined);
  // Makes pushState/replaceState emit popstate, so every remote's router follows the URL.
  start({ urlRerouteOnly: true });

  // A transition renders in small slices, so the first render never blocks input for long.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App platform={platform} loader={loader} bindNavigate={bindNavigate} />
      </StrictMode>,
    );
  });

  await initAuth();
  await recordSignedInUser(platform);
}

void main();
