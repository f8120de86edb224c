// @kidslearn/kit/testing: the one test platform for component tests of the shell and every remote.
// A real store and the real gateway API slice (the shell's tag types), a fake gateway, a signed-in
// learner or admin, and a recording feedback service. Unit tests only: no network.
import { render, type RenderResult } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createGatewayApi, type PortalUser } from '../platform/gateway-api';
import { createStore } from '../platform/store';
import { signedIn, signedOut, type SessionUser } from '../platform/session-slice';
import { PlatformProvider } from '../platform/PlatformProvider';
import type { Platform } from '../platform/types';
import type { AreaDefinition } from '../platform/area';
import { fakeBaseQuery, type FakeHandler, type FakeReply, type FakeRequest } from './fake-gateway';
import { createRecordingFeedback, type RecordingFeedback } from './recording-feedback';

export { fakeBaseQuery, createRecordingFeedback, type FakeHandler, type FakeReply, type FakeRequest, type RecordingFeedback };

export const learner: SessionUser = { sub: 'u1', email: 'learner@kidslearn.test', name: 'Lina Learner', roles: ['user'] };
export const admin: SessionUser = { sub: 'a1', email: 'admin@kidslearn.test', name: 'Adam Admin', roles: ['user', 'admin'] };
/** A parent: realm role `parent` beside the realm's default `user`; parents have no learner record. */
export const parent: SessionUser = { sub: 'p1', email: 'parent@kidslearn.test', name: 'Pat Parent', roles: ['user', 'parent'] };

export type SessionSetup = 'learner' | 'admin' | 'parent' | 'anonymous' | 'loading' | SessionUser;

export interface PlatformSetup {
  session?: SessionSetup;
  /** Answers the area's own calls; unanswered ones (`{ status: 404 }`, no body) fall through to the profile/gems defaults, then 404. */
  gateway?: FakeHandler;
  /** The signed-in user's record (GET /users/email) and starting gems (GET /gems/{email}). */
  profile?: Partial<PortalUser>;
  gems?: number;
  config?: Partial<Platform['config']>;
}

function sessionUser(session: SessionSetup): SessionUser | undefined {
  if (session === 'learner') return learner;
  if (session === 'admin') return admin;
  if (session === 'parent') return parent;
  if (typeof session === 'object') return session;
  return undefined;
}

/** The default answers for the platform's own calls (profile and gem balance of the signed-in user). */
function platformDefaults(user: SessionUser | undefined, setup: PlatformSetup): FakeHandler {
  return (req) => {
    if (user && req.url.startsWith('/users/email') && !user.roles.includes('parent')) {
      const role = user.roles.includes('admin') ? 'admin' : 'user';
      return { status: 200, body: { _id: `id-${user.sub}`, name: user.name, email: user.email, role, gems: setup.gems ?? 0, ...setup.profile } };
    }
    if (user && req.url === `/gems/${encodeURIComponent(user.email)}`) return { status: 200, body: { email: user.email, gems: setup.gems ?? 0 } };
    return { status: 404, body: { error: `no fake answer for ${req.method} ${req.url}` } };
  };
}

export interface TestPlatform {
  platform: Platform;
  store: Platform['store'];
  feedback: RecordingFeedback;
  /** Every request the fake gateway saw, in order. */
  calls: FakeRequest[];
  /** The requests whose answer would sign the user out in the portal (SPEC §6: 401/403, endpoint answer codes excepted). */
  refusals: FakeRequest[];
  auth: { login: jest.Mock; logout: jest.Mock; getToken: jest.Mock; refreshToken: jest.Mock };
  navigate: jest.Mock;
}

/** A platform over a fake gateway; `gateway` answers first, then the platform defaults. */
export function createTestPlatform(setup: PlatformSetup = {}): TestPlatform {
  const session = setup.session ?? 'anonymous';
  const user = sessionUser(session);
  const defaults = platformDefaults(user, setup);
  const calls: FakeRequest[] = [];
  const refusals: FakeRequest[] = [];
  const handler: FakeHandler = async (req) => {
    const reply = setup.gateway ? await setup.gateway(req) : undefined;
    // `{ status: 404 }` without a body is "not mine"; a 404 with a body is the area's own answer (e.g. its message).
    return reply && !(reply.status === 404 && reply.body === undefined) ? reply : defaults(req);
  };
  const api = createGatewayApi(fakeBaseQuery(handler, calls, refusals));
  const { store, injectSlice } = createStore(api);
  if (user) store.dispatch(signedIn(user));
  else if (session === 'anonymous') store.dispatch(signedOut());
  const feedback = createRecordingFeedback();
  const auth = { login: jest.fn(async () => undefined), logout: jest.fn(async () => undefined), getToken: jest.fn(async () => (user ? 'test-token' : undefined)), refreshToken: jest.fn(async () => (user ? 'test-token' : undefined)) };
  const navigate = jest.fn();
  const platform: Platform = {
    store,
    api,
    auth,
    navigate,
    injectSlice: injectSlice as Platform['injectSlice'],
    config: { gatewayUrl: 'http://gateway.test', ...setup.config },
    feedback,
  };
  return { platform, store, feedback, calls, refusals, auth, navigate };
}

/** Renders `ui` (or what `ui(platform)` returns) inside the platform and a router at `path`. */
export function renderWithPlatform(ui: ReactElement | ((platform: Platform) => ReactElement), setup: PlatformSetup & { path?: string } = {}): RenderResult & TestPlatform {
  const test = createTestPlatform(setup);
  const view = render(
    <PlatformProvider platform={test.platform}>
      <MemoryRouter initialEntries={[setup.path ?? '/']}>{typeof ui === 'function' ? ui(test.platform) : ui}</MemoryRouter>
    </PlatformProvider>,
  );
  return { ...view, ...test };
}

/**
 * Renders an area's pages (`routes`, as createArea mounts them) at `path` inside the area's context, on the
 * test platform: the same shapes the shell hands over.
 */
export function renderArea<Api>(area: AreaDefinition<Api>, Routes: ComponentType, setup: PlatformSetup & { path?: string; baseUrl?: string } = {}): RenderResult & TestPlatform {
  return renderWithPlatform(
    (platform) => (
      <area.Provider platform={platform} baseUrl={setup.baseUrl ?? '/'}>
        <Routes />
      </area.Provider>
    ),
    setup,
  );
}
