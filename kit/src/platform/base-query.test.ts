/** @jest-environment node */
import { createGatewayApi } from './gateway-api';
import { createGatewayBaseQuery } from './base-query';
import { createStore } from './store';

/** The platform's API slice over a fetch that answers `statuses` in turn, with a token that changes on refresh. */
function setup(statuses: number[], { signedIn = true } = {}) {
  const seen: { url: string; authorization: string | null }[] = [];
  let token = signedIn ? 'old-roles' : undefined;
  const fetchFn = (async (input: Request) => {
    seen.push({ url: input.url, authorization: input.headers.get('authorization') });
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
    return new Response(JSON.stringify(status < 400 ? { _id: 'u1', name: 'Lina', email: 'lina@x.test', role: 'admin' } : { error: 'Forbidden' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  const auth = {
    getToken: jest.fn(async () => token),
    refreshToken: jest.fn(async () => {
      if (token) token = 'new-roles';
      return token;
    }),
  };
  const onUnauthorized = jest.fn();
  const api = createGatewayApi(createGatewayBaseQuery({ getBaseUrl: () => 'http://gateway.test', auth, onUnauthorized, fetchFn }));
  const { store } = createStore(api);
  const call = () => store.dispatch(api.endpoints.getUserByEmail.initiate('lina@x.test'));
  return { seen, auth, onUnauthorized, call };
}

describe('gateway base query: a refused call and a token with out-of-date roles', () => {
  it.each([401, 403])('when a signed-in call answers %i and the refreshed token is accepted, then it is sent once more with the new token and nobody is signed out', async (status) => {
    const { seen, auth, onUnauthorized, call } = setup([status, 200]);
    const result = await call();
    expect(result.data).toMatchObject({ role: 'admin' });
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
    expect(seen.map((request) => request.authorization)).toEqual(['Bearer old-roles', 'Bearer new-roles']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when the refreshed token is refused too, then the user is signed out once (SPEC §6) after exactly one retry', async () => {
    const { seen, auth, onUnauthorized, call } = setup([403, 403]);
    const result = await call();
    expect(result.error).toMatchObject({ status: 403 });
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('when a visitor’s call answers 401, then nothing is retried and the refusal is handled at once', async () => {
    const { seen, onUnauthorized, call } = setup([401], { signedIn: false });
    await call();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('when a call fails with 500, then the token is not refreshed and nobody is signed out', async () => {
    const { seen, auth, onUnauthorized, call } = setup([500]);
    await call();
    expect(seen).toHaveLength(1);
    expect(auth.refreshToken).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
