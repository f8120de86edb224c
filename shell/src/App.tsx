import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { PlatformContext, RemoteLoaderContext } from './platform/contexts';
import type { Platform } from './platform/types';
import type { RemoteLoader } from './remotes/remote-loader';

export function App(props: { platform: Platform; loader: RemoteLoader; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <Provider store={props.platform.store}>
      <PlatformContext.Provider value={props.platform}>
        <RemoteLoaderContext.Provider value={props.loader}>
          <RouterProvider router={props.router} />
        </RemoteLoaderContext.Provider>
      </PlatformContext.Provider>
    </Provider>
  );
}
