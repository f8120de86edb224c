import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, useRoutes, type Location, type NavigateFunction, type RouteObject } from 'react-router-dom';
import type { LifeCycles } from 'single-spa';
import { createGatewayApi, createStore, signedIn, signedOut, PlatformProvider, type Platform, type SessionUser } from '@kidslearn/kit/platform';
import { createRecordingFeedback, fakeBaseQuery, learner, admin, parent, type FakeHandler } from '@kidslearn/kit/testing';
import { RemoteLoaderContext } from '../platform/contexts';
import type { RemoteLoader } from '../remotes/remote-loader';
import { createAreas, type Areas } from '../areas/areas';
import { AreasContext } from '../areas/AreasContext';
import { parseManifest, type Manifest } from '../config/manifest-schema';
import { buildRoutes } from '../routes/routes';
import portalAreas from '../../../infra/areas.json';

export { learner, admin, parent };

/** The portal's default areas (infra/areas.json, what every deployment's config.json carries), remotes on test origins. */
export function defaultManifest(): Manifest {
  return parseManifest({
    gatewayUrl: 'http://gateway.test',
    keycloak: { url: 'http://keycloak.test', realm: 'kidslearn', clientId: 'kidslearn-portal' },
    areas: portalAreas.areas.map((area) => ({ ...area, entry: `http://${area.name}.test/remoteEntry.js` })),
  });
}

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
  /** The manifest's areas; the portal's default ones unless given. */
  areas?: Areas;
  session?: SessionUser | 'anonymous' | 'loading';
  gateway?: FakeHandler;
  loader?: RemoteLoader;
  path?: string;
  state?: unknown;
}

/** The shell's layout and routes for the manifest's areas, on a test platform with a fake gateway. */
export function renderShell(setup: Setup = {}) {
  const areas = setup.areas ?? createAreas(defaultManifest());
  const routes = buildRoutes(areas);
  const api = createGatewayApi(fakeBaseQuery(setup.gateway ?? (() => ({ status: 404 }))));
  const { store, injectSlice } = createStore(api);
  const session = setup.session ?? 'anonymous';
  if (session === 'anonymous') store.dispatch(signedOut());
  else if (session !== 'loading') store.dispatch(signedIn(session));
  const auth = { login: jest.fn(async () => undefined), logout: jest.fn(async () => undefined), getToken: jest.fn(async () => undefined), refreshToken: jest.fn(async () => undefined) };
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
    feedback: createRecordingFeedback(),
  };
  const view = render(
      <PlatformProvider platform={platform}>
        <RemoteLoaderContext.Provider value={setup.loader ?? workingLoader}>
          <AreasContext.Provider value={areas}>
            <MemoryRouter initialEntries={[{ pathname: setup.path ?? '/', state: setup.state }]}>
              <RoutesProbe routes={routes} probe={probe} />
            </MemoryRouter>
          </AreasContext.Provider>
        </RemoteLoaderContext.Provider>
      </PlatformProvider>,
  );
  return { ...view, store, router, auth, platform };
}

/** Gateway stand-in answering GET /users/email with the given role; a parent has no user record (404). */
export const usersWithRole =
  (role: 'user' | 'admin' | 'parent', extra: Record<string, unknown> = {}): FakeHandler =>
  (req) => {
    if (role === 'parent') return { status: 404 };
    const user = { _id: 'id1', name: 'Lina', email: 'x', role, gems: 7, ...extra };
    if (req.url.startsWith('/users/email')) return { status: 200, body: user };
    // The gem balance comes from the gems service, not the user record.
    if (req.url.startsWith('/gems/')) return { status: 200, body: { email: 'x', gems: user.gems } };
    return { status: 404 };
  };
