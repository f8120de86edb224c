/** @jest-environment node */
import { createGatewayApi } from './gateway-api';
import { createGatewayBaseQuery } from './base-query';
import { createStore } from './store';

/** The platform's API slice over a fetch that answers `statuses` in turn, with a token that changes on refresh. */
function setup(statuses: number[], { signedIn = true, refusal = { error: 'Forbidden' } as object } = {}) {
  const seen: { url: string; authorization: string | null }[] = [];
  let token = signedIn ? 'old-roles' : undefined;
  const fetchFn = (async (input: Request) => {
    seen.push({ url: input.url, authorization: input.headers.get('authorization') });
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
    return new Response(JSON.stringify(status < 400 ? { _id: 'u1', name: 'Lina', email: 'lina@x.test', role: 'admin' } : refusal), {
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
  // An endpoint whose 403 with code `parent_consent_required` is its own answer (GatewayExtraOptions).
  const ruled = api.injectEndpoints({
    endpoints: (build) => ({ testRedeem: build.mutation<unknown, void>({ query: () => ({ url: '/redemptions', method: 'POST' }), extraOptions: { answerCodes: ['parent_consent_required'] } }) }),
  });
  const callRuled = () => store.dispatch(ruled.endpoints.testRedeem.initiate());
  return { seen, auth, onUnauthorized, call, callRuled };
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

  it('when an endpoint names a 403 code as its own answer and the server sends it, then the page gets it and nobody is refreshed, retried or signed out', async () => {
    const { seen, auth, onUnauthorized, callRuled } = setup([403], { refusal: { error: 'A parent must agree first.', message: 'A parent must agree first.', code: 'parent_consent_required' } });
    const result = await callRuled();
    expect(result).toMatchObject({ error: { status: 403, data: { code: 'parent_consent_required' } } });
    expect(seen).toHaveLength(1);
    expect(auth.refreshToken).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    [403, { error: 'Forbidden', message: 'Forbidden', code: 'forbidden' }],
    [401, { error: 'Authentication required', message: 'Authentication required', code: 'parent_consent_required' }],
  ])('when that endpoint is answered %i with another refusal, then SPEC §6 still applies (one retry, then signed out)', async (status, refusal) => {
    const { seen, onUnauthorized, callRuled } = setup([status, status], { refusal });
    await callRuled();
    expect(seen).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('when an endpoint that names no answer code is answered 403 with a code, then it is a refusal of the session as before', async () => {
    const { onUnauthorized, call } = setup([403, 403], { refusal: { error: 'x', message: 'x', code: 'parent_consent_required' } });
    await call();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
