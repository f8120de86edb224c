/** @jest-environment node */
import { createPlatform } from '../platform/create-platform';
import { signedIn } from '@kidslearn/kit/platform';
import type { AuthClient } from '@kidslearn/kit/platform';

function setup(status: number, signedInUser: boolean) {
  const seen: Request[] = [];
  const fetchFn = (async (input: Request) => {
    seen.push(input);
    return new Response(JSON.stringify({ error: 'nope' }), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  const auth: AuthClient = { login: jest.fn(), logout: jest.fn(async () => undefined), getToken: jest.fn(async () => (signedInUser ? 'token-123' : undefined)), refreshToken: jest.fn(async () => (signedInUser ? 'token-456' : undefined)) };
  const { platform, bindNavigate } = createPlatform({ gatewayUrl: 'http://gateway.test', createAuth: () => auth, fetchFn });
  const navigate = jest.fn();
  bindNavigate(navigate);
  if (signedInUser) platform.store.dispatch(signedIn({ sub: 's', email: 'learner@kidslearn.test', name: 'L', roles: ['user'] }));
  const call = () => platform.store.dispatch(platform.api.endpoints.getUserByEmail.initiate('learner@kidslearn.test'));
  return { auth, navigate, seen, call };
}

describe('gateway base query', () => {
  it('when the user is signed in, then protected calls carry the bearer token to the gateway', async () => {
    const { seen, call } = setup(200, true);
    await call();
    expect(seen[0]!.url).toBe('http://gateway.test/users/email?email=learner%40kidslearn.test');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer token-123');
  });

  it.each([401, 403])('when a signed-in call answers %i, then the user is signed out and sent to /forbidden', async (status) => {
    const { auth, call } = setup(status, true);
    await call();
    expect(auth.logout).toHaveBeenCalledWith('/forbidden');
  });

  it('when a visitor call answers 401, then the visitor is sent to /forbidden', async () => {
    const { navigate, auth, call } = setup(401, false);
    await call();
    expect(navigate).toHaveBeenCalledWith('/forbidden');
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('when a call fails with 500, then nobody is signed out', async () => {
    const { auth, navigate, call } = setup(500, true);
    await call();
    expect(auth.logout).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
