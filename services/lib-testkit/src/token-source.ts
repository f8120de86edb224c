// Keycloak's access tokens live 300 s and a test file can run longer, so a token fetched once in beforeAll
// would expire mid-file. Under Jest a token source fetches the next token a minute before the current one
// expires; outside Jest (benchmarks, which refresh their own) it is a plain holder, no timers.

/** `token` is the latest one fetched (a caller may also put one in). */
export interface TokenSource {
  token: string;
}

export const REFRESH_BEFORE_EXPIRY_MS = 60_000;
const RETRY_MS = 5_000;

const pending = new Set<NodeJS.Timeout>();
let refreshing = false;

/** Stops every refresh of this module instance. */
export function stopRefreshing(): void {
  refreshing = false;
  for (const timer of pending) clearTimeout(timer);
  pending.clear();
}

// Jest gives each test file its own copy of this module, loaded while the file is collected, when a root
// hook can still be added: the file's refresh timers end with the file (its environment is torn down then).
if (typeof afterAll === 'function') {
  try {
    afterAll(stopRefreshing);
    refreshing = true;
  } catch {
    // loaded inside a running test (isolateModules): no hook, so no timers either
  }
}

/** When a JWT expires (ms since the epoch), or undefined for a token without `exp`. */
export function expiresAt(token: string): number | undefined {
  try {
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** A token from `fetchToken` now, fetched again before each one expires. */
export async function refreshingToken(fetchToken: () => Promise<string>): Promise<TokenSource> {
  const source: TokenSource = { token: await fetchToken() };
  const later = (delayMs: number) => {
    if (!refreshing) return;
    const timer = setTimeout(() => {
      pending.delete(timer);
      void refresh();
    }, delayMs);
    timer.unref();
    pending.add(timer);
  };
  const scheduleFor = (token: string) => {
    const expiry = expiresAt(token);
    if (expiry !== undefined) later(Math.max(0, expiry - REFRESH_BEFORE_EXPIRY_MS - Date.now()));
  };
  const refresh = async () => {
    try {
      source.token = await fetchToken();
      scheduleFor(source.token);
    } catch {
      // Keycloak busy or the account gone: keep the current token, try again while it is still valid.
      if ((expiresAt(source.token) ?? 0) > Date.now()) later(RETRY_MS);
    }
  };
  scheduleFor(source.token);
  return source;
}
