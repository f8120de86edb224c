import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, useRoutes, type Location, type NavigateFunction, type RouteObject } from 'react-router-dom';
import type { LifeCycles } from 'single-spa';
import { createGatewayApi } from '../api/gateway-api';
import { createStore } from '../store/store';
import { signedIn, signedOut, type SessionUser } from '../auth/session-slice';
import { PlatformContext, RemoteLoaderContext } from '../platform/contexts';
import type { Platform } from '../platform/types';
import type { RemoteLoader } from '../remotes/remote-loader';
import { fakeBaseQuery, type FakeHandler } from './fake-gateway';

export const learner: SessionUser = { sub: 'u1', email: 'learner@kidslearn.test', name: 'Lina Learner', roles: ['user'] };
export const admin: SessionUser = { sub: 'a1', email: 'admin@kidslearn.test', name: 'Adam Admin', roles: ['user', 'admin'] };

/** Lifecycles that write the remote's name into its area, standing in for a real remote. */
export const fakeRemote = (name: string): LifeCycles => ({
  bootstrap: async () => undefined,
  mount: async (props) => {
    (props as unknown as { domElement: HTMLElement }).domElement.textContent = `remote ${name}`;
  },
  unmount: async (props) => {
    (props as unknown as { domElement: HTMLElement }).domElement.textContent = '';
  },
});

export const workingLoader: RemoteLoader = async (name) => fakeRemote(name);

/** jsdom has no Request, which data routers need; tests use the same routes through useRoutes. */
function RoutesProbe({ routes, probe }: { routes: RouteObject[]; probe: { location?: Location; navigate?: NavigateFunction } }) {
  probe.location = useLocation();
  probe.navigate = useNavigate();
  return useRoutes(routes);
}

export interface Setup {
  session?: SessionUser | 'anonymous' | 'loading';
  gateway?: FakeHandler;
  loader?: RemoteLoader;
  path?: string;
  state?: unknown;
}

export function renderShell(routes: RouteObject[], setup: Setup = {}) {
  const api = createGatewayApi(fakeBaseQuery(setup.gateway ?? (() => ({ status: 404 }))));
  const { store, injectSlice } = createStore(api);
  const session = setup.session ?? 'anonymous';
  if (session === 'anonymous') store.dispatch(signedOut());
  else if (session !== 'loading') store.dispatch(signedIn(session));
  const auth = { login: jest.fn(async () => undefined), logout: jest.fn(async () => undefined), getToken: jest.fn(async () => undefined) };
  const probe: { location?: Location; navigate?: NavigateFunction } = {};
  const router = {
    get state() {
      return { location: probe.location! };
    },
    navigate: async (to: string) => {
      await act(async () => void probe.navigate!(to));
    },
  };
  const platform: Platform = {
    store,
    api,
    auth,
    navigate: (to) => void router.navigate(to),
    injectSlice: injectSlice as Platform['injectSlice'],
    config: { gatewayUrl: 'http://gateway.test' },
  };
  const view = render(
    <Provider store={store}>
      <PlatformContext.Provider value={platform}>
        <RemoteLoaderContext.Provider value={setup.loader ?? workingLoader}>
          <MemoryRouter initialEntries={[{ pathname: setup.path ?? '/', state: setup.state }]}>
            <RoutesProbe routes={routes} probe={probe} />
          </MemoryRouter>
        </RemoteLoaderContext.Provider>
      </PlatformContext.Provider>
    </Provider>,
  );
  return { ...view, store, router, auth, platform };
}

/** Gateway stand-in answering GET /users/email with the given role. */
export const usersWithRole =
  (role: 'user' | 'admin', extra: Record<string, unknown> = {}): FakeHandler =>
  (req) =>
    req.url.startsWith('/users/email') ? { status: 200, body: { _id: 'id1', name: 'Lina', email: 'x', role, gems: 7, ...extra } } : { status: 404 };
