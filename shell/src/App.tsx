import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router-dom';
import { PlatformContext, RemoteLoaderContext } from './platform/contexts';
import type { Platform } from './platform/types';
import type { RemoteLoader } from './remotes/remote-loader';
import { routes } from './routes/routes';

// A declarative router, not a data router: the routes use no loaders or actions, and its
// tree-shaken code is much smaller on the first visit.
function ShellRoutes({ bindNavigate }: { bindNavigate: (fn: (to: string) => void) => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigate((to) => void navigate(to));
  }, [navigate, bindNavigate]);
  return useRoutes(routes);
}

export function App(props: { platform: Platform; loader: RemoteLoader; bindNavigate: (fn: (to: string) => void) => void }) {
  return (
    <Provider store={props.platform.store}>
      <PlatformContext.Provider value={props.platform}>
        <RemoteLoaderContext.Provider value={props.loader}>
          <BrowserRouter>
            <ShellRoutes bindNavigate={props.bindNavigate} />
          </BrowserRouter>
        </RemoteLoaderContext.Provider>
      </PlatformContext.Provider>
    </Provider>
  );
}
