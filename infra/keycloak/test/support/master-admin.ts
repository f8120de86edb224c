// The master realm's administrator of the local runner (infra/local: development only), for what the
// kidslearn-backend service account may not do, such as reading the realm's events.
import { secret } from '@kidslearn/lib-testkit';
import { keycloakUrl } from './keycloak-env';

const username = process.env.KEYCLOAK_ADMIN_USER ?? 'admin';
const password = secret('KEYCLOAK_ADMIN_PASSWORD');

export async function masterAdminToken(): Promise<string> {
  const response = await fetch(`${keycloakUrl}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username, password }),
  });
  if (!response.ok) throw new Error(`master admin token: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** GET on the admin REST API (`/admin/realms/...`) as the master realm's administrator. */
export async function adminGet<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(`${keycloakUrl}/admin/realms/${pathAndQuery}`, { headers: { authorization: `Bearer ${await masterAdminToken()}` } });
  if (!response.ok) throw new Error(`GET ${pathAndQuery}: ${response.status}`);
  return (await response.json()) as T;
}
