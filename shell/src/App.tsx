import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router-dom';
import { PlatformProvider } from '@kidslearn/kit/platform';
import { RemoteLoaderContext } from './platform/contexts';
import type { Platform } from '@kidslearn/kit/platform';
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
      <PlatformProvider platform={props.platform}>
        <RemoteLoaderContext.Provider value={props.loader}>
          <BrowserRouter>
            <ShellRoutes bindNavigate={props.bindNavigate} />
          </BrowserRouter>
        </RemoteLoaderContext.Provider>
      </PlatformProvider>
  );
}
