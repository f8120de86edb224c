// What a journey or a benchmark made is removed when it ends, through the portal's admin API
// (DELETE /users/{userId}): the Keycloak account and content's records at once; quiz, gems and gifts erase
// theirs (attempts, balance, parcels) when learner.erased reaches them. An admin is demoted first (admins are
// not erased this way).
import { env } from './env';
import { tokenFor } from './keycloak';

export interface MadeAccount {
  email: string;
  password: string;
  name?: string;
}

/** The portal's demo administrator (seeded by the local runner's demo data, never by the operator stack). */
export const DEMO_ADMIN = { email: 'admin@kidslearn.test', password: 'Admin1234' } as const;

interface UserRecord {
  _id: string;
  role?: 'user' | 'admin';
}

/** Calls the gateway as `token`; throws with the answer's text on a non-2xx status. */
export async function gatewayCall<T = unknown>(token: string | undefined, method: string, path: string, body?: unknown, gatewayUrl = env().GATEWAY_URL): Promise<T> {
  const res = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function eraseOne(adminToken: string, account: MadeAccount, gatewayUrl: string): Promise<void> {
  const recordOf = () =>
    gatewayCall<UserRecord>(adminToken, 'GET', `/users/email?email=${encodeURIComponent(account.email)}`, undefined, gatewayUrl).catch((error: Error) => {
      if (/HTTP 404/.test(error.message)) return undefined;
      throw error;
    });
  let record = await recordOf();
  if (!record) {
    // An account that never opened the portal has no record yet: recording it (with a fresh token of its own,
    // an older one may be past its 300 s) gives the erasure its id. No token: the account is gone already.
    const own = await tokenFor(account.email, account.password).catch(() => undefined);
    if (!own) return;
    await gatewayCall(own, 'POST', '/users', { name: account.name ?? 'Test account' }, gatewayUrl);
    record = await recordOf();
    if (!record) throw new Error('no record after recording the user');
  }
  if (record.role === 'admin') await gatewayCall(adminToken, 'PUT', `/users/${record._id}/remove-admin`, undefined, gatewayUrl);
  await gatewayCall(adminToken, 'DELETE', `/users/${record._id}`, undefined, gatewayUrl);
}

/** Erases every account given (each one even when another fails; then throws with what failed). */
export async function eraseAccounts(accounts: readonly (MadeAccount | undefined)[], gatewayUrl = env().GATEWAY_URL): Promise<void> {
  const present = accounts.filter((account): account is MadeAccount => account !== undefined);
  if (present.length === 0) return;
  const adminToken = await tokenFor(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const failures: string[] = [];
  for (const account of present) {
    await eraseOne(adminToken, account, gatewayUrl).catch((error: unknown) => failures.push(`${account.email}: ${String(error)}`));
  }
  if (failures.length > 0) throw new Error(`could not erase what was made:\n${failures.join('\n')}`);
}
