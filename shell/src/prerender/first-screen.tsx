// Build-time markup of the layout for one URL with the session being checked, a remote's prerendered
// first screen in its area (the shell's webpack config renders `/` with mfe-public's hero into
// index.html). The same components the browser renders, so the swap to the live page moves nothing.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { createPlatform } from '../platform/create-platform';
import { PlatformProvider } from '@kidslearn/kit/platform';
import { RemoteLoaderContext } from '../platform/contexts';
import { PrerenderContext } from '../remotes/prerendered';
import type { RemoteLoader } from '../remotes/remote-loader';
import { routes } from '../routes/routes';
import type { AuthClient } from '@kidslearn/kit/platform';
import type { RemoteName } from '../config/runtime-config';

const noAuth: AuthClient = { login: async () => undefined, logout: async () => undefined, getToken: async () => undefined };
const neverLoads: RemoteLoader = () => new Promise(() => undefined);

function PageRoutes() {
  return useRoutes(routes);
}

export function renderFirstScreen(path: string, remotes: Partial<Record<RemoteName, string>>): string {
  const { platform } = createPlatform({ gatewayUrl: 'http://prerender.invalid', createAuth: () => noAuth });
  return renderToStaticMarkup(
      <PlatformProvider platform={platform}>
        <RemoteLoaderContext.Provider value={neverLoads}>
          <PrerenderContext.Provider value={remotes}>
            <MemoryRouter initialEntries={[path]}>
              <PageRoutes />
            </MemoryRouter>
          </PrerenderContext.Provider>
        </RemoteLoaderContext.Provider>
      </PlatformProvider>,
  );
}
