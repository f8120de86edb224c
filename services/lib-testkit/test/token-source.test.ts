import { REFRESH_BEFORE_EXPIRY_MS, refreshingToken, stopRefreshing } from '../src/token-source';

const LIFETIME_MS = 300_000; // Keycloak's access token lifespan
const jwt = (expiresAtMs: number, n: number) => ['h', Buffer.from(JSON.stringify({ exp: Math.floor(expiresAtMs / 1000), n })).toString('base64url'), 's'].join('.');

/** Hands out tokens living LIFETIME_MS from now, numbered; `failing` makes the next fetches throw. */
function keycloak() {
  const issuer = {
    fetched: 0,
    failing: false,
    fetch: async () => {
      if (issuer.failing) throw new Error('Keycloak down');
      issuer.fetched += 1;
      return jwt(Date.now() + LIFETIME_MS, issuer.fetched);
    },
  };
  return issuer;
}

beforeEach(() => jest.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') }));
afterEach(() => jest.useRealTimers());

describe('refreshingToken', () => {
  it('when the token nears its expiry, then the next one is fetched a minute before and read through .token', async () => {
    const issuer = keycloak();
    const source = await refreshingToken(issuer.fetch);
    const first = source.token;
    await jest.advanceTimersByTimeAsync(LIFETIME_MS - REFRESH_BEFORE_EXPIRY_MS - 1_000);
    expect(source.token).toBe(first);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(issuer.fetched).toBe(2);
    expect(source.token).not.toBe(first);
    // And again for the one after: a file may run for many lifetimes.
    await jest.advanceTimersByTimeAsync(3 * LIFETIME_MS);
    expect(issuer.fetched).toBeGreaterThanOrEqual(5);
  });

  it('when a refresh fails, then the current token is kept and the refresh is tried again while it is valid', async () => {
    const issuer = keycloak();
    const source = await refreshingToken(issuer.fetch);
    const first = source.token;
    issuer.failing = true;
    await jest.advanceTimersByTimeAsync(LIFETIME_MS - REFRESH_BEFORE_EXPIRY_MS + 1_000);
    expect(source.token).toBe(first);
    issuer.failing = false;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(source.token).not.toBe(first);
  });

  it('when refreshing is stopped (the test file ends), then no token is fetched any more', async () => {
    const issuer = keycloak();
    await refreshingToken(issuer.fetch);
    stopRefreshing();
    await jest.advanceTimersByTimeAsync(3 * LIFETIME_MS);
    expect(issuer.fetched).toBe(1);
  });
});
