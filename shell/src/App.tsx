import { useEffect, useMemo } from 'react';
import { BrowserRouter, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { PlatformProvider } from '@kidslearn/kit/platform';
import { RemoteLoaderContext } from './platform/contexts';
import type { Platform } from '@kidslearn/kit/platform';
import type { RemoteLoader } from './remotes/remote-loader';
import type { Areas } from './areas/areas';
import { AreasContext } from './areas/AreasContext';
import { buildRoutes } from './routes/routes';

// A declarative router, not a data router: the routes use no loaders or actions, and its
// tree-shaken code is much smaller on the first visit.
function ShellRoutes({ routes, bindNavigate }: { routes: RouteObject[]; bindNavigate: (fn: (to: string) => void) => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigate((to) => void navigate(to));
  }, [navigate, bindNavigate]);
  return useRoutes(routes);
}

export function App(props: { platform: Platform; loader: RemoteLoader; areas: Areas; bindNavigate: (fn: (to: string) => void) => void }) {
  const routes = useMemo(() => buildRoutes(props.areas), [props.areas]);
  return (
    <PlatformProvider platform={props.platform}>
      <RemoteLoaderContext.Provider value={props.loader}>
        <AreasContext.Provider value={props.areas}>
          <BrowserRouter>
            <ShellRoutes routes={routes} bindNavigate={props.bindNavigate} />
          </BrowserRouter>
        </AreasContext.Provider>
      </RemoteLoaderContext.Provider>
    </PlatformProvider>
  );
}
