// Test-side look into Keycloak through the admin REST API (service account of kidslearn-backend),
// to check what the service did there.
import { secret } from '@kidslearn/lib-testkit';

const KEYCLOAK_URL = process.env.KEYCLOAK_URL ?? 'http://localhost:8080';
const REALM = process.env.KEYCLOAK_REALM ?? 'kidslearn';

async function adminToken(): Promise<string> {
  const res = await fetch(`${KEYCLOAK_URL}/realms/${REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'kidslearn-backend', client_secret: secret('KEYCLOAK_BACKEND_SECRET') }),
  });
  if (!res.ok) throw new Error(`admin token: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function admin<T>(path: string): Promise<T> {
  const res = await fetch(`${KEYCLOAK_URL}/admin/realms/${REALM}${path}`, { headers: { authorization: `Bearer ${await adminToken()}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

export interface KeycloakUser {
  id: string;
  username: string;
  email: string;
  enabled: boolean;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  requiredActions: string[];
}

export async function keycloakUser(email: string): Promise<KeycloakUser | undefined> {
  const users = await admin<KeycloakUser[]>(`/users?email=${encodeURIComponent(email)}&exact=true`);
  return users[0];
}

export async function realmRolesOf(email: string): Promise<string[]> {
  const user = await keycloakUser(email);
  if (!user) throw new Error(`no keycloak user ${email}`);
  const roles = await admin<{ name: string }[]>(`/users/${user.id}/role-mappings/realm`);
  return roles.map((r) => r.name);
}

export async function deleteKeycloakUser(email: string): Promise<void> {
  const user = await keycloakUser(email);
  if (!user) return;
  await fetch(`${KEYCLOAK_URL}/admin/realms/${REALM}/users/${user.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${await adminToken()}` } });
}
