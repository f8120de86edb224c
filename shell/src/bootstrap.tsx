// single-spa root config: loads the runtime config, wires the platform, starts single-spa and
// renders the layout. Remotes are mounted as parcels by <RemoteArea> where the router says.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { start } from 'single-spa';
import { loadConfig } from './config/runtime-config';
import { createPlatform } from './platform/create-platform';
import { createKeycloakAuth } from './auth/keycloak-auth';
import { recordSignedInUser } from './auth/record-user';
import { createRemoteLoader } from './remotes/remote-loader';
import { routes } from './routes/routes';
import { App } from './App';
import './styles/shell.css';

async function main() {
  const config = await loadConfig();
  let initAuth: () => Promise<void> = async () => undefined;
  const { platform, bindNavigate } = createPlatform({
    gatewayUrl: config.gatewayUrl,
    createAuth: (dispatch) => {
      const keycloak = createKeycloakAuth(config.keycloak, dispatch);
      initAuth = keycloak.init;
      return keycloak.client;
    },
  });
  const router = createBrowserRouter(routes);
  bindNavigate((to) => void router.navigate(to));
  const loader = createRemoteLoader(config.remotes);
  // Makes pushState/replaceState emit popstate, so every remote's router follows the URL.
  start({ urlRerouteOnly: true });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App platform={platform} loader={loader} router={router} />
    </StrictMode>,
  );

  await initAuth();
  await recordSignedInUser(platform);
}

void main();
