// A Keycloak realm of a test's own, so that "the last admin" means the admins this test made: the shared
// realm `kidslearn` always holds the demo admin and the admins other tests create side by side.
// The realm is built from infra/keycloak/realm-kidslearn.json (its admin role, its kidslearn-backend client
// and that client's service-account roles, its test client), so the service meets the permissions it has
// for real. Creating and deleting a realm needs the master realm's administrator of the local runner
// (development only; KEYCLOAK_ADMIN_USER / KEYCLOAK_ADMIN_PASSWORD).
import { secret } from '@kidslearn/lib-testkit';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createKeycloakAdmin, type KeycloakAdmin } from '@kidslearn/lib-auth';
import { randomSuffix } from '@kidslearn/lib-testkit';

const KEYCLOAK_URL = (process.env.KEYCLOAK_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const ADMIN_USER = process.env.KEYCLOAK_ADMIN_USER ?? 'admin';
const ADMIN_PASSWORD = secret('KEYCLOAK_ADMIN_PASSWORD');
const REALM_FILE = path.resolve(__dirname, '../../../../infra/keycloak/realm-kidslearn.json');

interface RealmFile {
  roles: { realm: { name: string }[] };
  clients: { clientId: string; secret?: string }[];
  users: { username: string; serviceAccountClientId?: string; clientRoles?: Record<string, string[]> }[];
}

async function masterToken(): Promise<string> {
  const res = await fetch(`${KEYCLOAK_URL}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: ADMIN_USER, password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`master admin token: HTTP ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The parts of the kidslearn realm this test needs, under a new name and a fresh backend secret. */
function realmFrom(file: RealmFile, name: string, backendSecret: string) {
  const client = (id: string) => {
    const found = file.clients.find((c) => c.clientId === id);
    if (!found) throw new Error(`realm-kidslearn.json has no client ${id}`);
    return found;
  };
  const serviceAccount = file.users.find((u) => u.serviceAccountClientId === 'kidslearn-backend');
  if (!serviceAccount) throw new Error('realm-kidslearn.json has no kidslearn-backend service account');
  return {
    realm: name,
    enabled: true,
    roles: { realm: file.roles.realm.filter((role) => role.name === 'admin') },
    clients: [{ ...client('kidslearn-backend'), secret: backendSecret }, client('kidslearn-test')],
    users: [{ username: serviceAccount.username, enabled: true, serviceAccountClientId: 'kidslearn-backend', clientRoles: serviceAccount.clientRoles }],
  };
}

export interface RealmUser {
  id: string;
  email: string;
  password: string;
}

export interface ScratchRealm {
  realm: string;
  backendSecret: string;
  /** The realm's kidslearn-backend service account (as the service uses it). */
  keycloak: KeycloakAdmin;
  createUser(options?: { admin?: boolean; enabled?: boolean }): Promise<RealmUser>;
  tokenFor(user: RealmUser): Promise<string>;
  realmRolesOf(user: RealmUser): Promise<string[]>;
  remove(): Promise<void>;
}

export async function createScratchRealm(): Promise<ScratchRealm> {
  const realm = `kidslearn-scratch-${randomSuffix()}`;
  const backendSecret = randomBytes(24).toString('hex');
  const file = JSON.parse(readFileSync(REALM_FILE, 'utf8')) as RealmFile;
  const created = await fetch(`${KEYCLOAK_URL}/admin/realms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await masterToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(realmFrom(file, realm, backendSecret)),
  });
  if (created.status !== 201) throw new Error(`create realm ${realm}: HTTP ${created.status} ${await created.text()}`);
  const keycloak = createKeycloakAdmin({ keycloakUrl: KEYCLOAK_URL, realm, clientId: 'kidslearn-backend', clientSecret: backendSecret });

  return {
    realm,
    backendSecret,
    keycloak,
    async createUser({ admin = false, enabled = true } = {}) {
      const suffix = randomSuffix();
      const email = `${admin ? 'admin' : 'learner'}-${suffix}@kidslearn.test`;
      const password = `Pass${suffix}1`;
      const result = await keycloak.createUser({ email, password, firstName: admin ? 'Admin' : 'Learner', lastName: suffix, emailVerified: true, enabled });
      if (result === 'exists') throw new Error(`${email} exists`);
      if (admin) await keycloak.addRealmRole(result.id, 'admin');
      return { id: result.id, email, password };
    },
    async tokenFor({ email, password }) {
      const res = await fetch(`${KEYCLOAK_URL}/realms/${realm}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', client_id: 'kidslearn-test', username: email, password, scope: 'openid' }),
      });
      if (!res.ok) throw new Error(`token for ${email}: HTTP ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    realmRolesOf: (user) => keycloak.realmRolesOf(user.id),
    async remove() {
      await fetch(`${KEYCLOAK_URL}/admin/realms/${realm}`, { method: 'DELETE', headers: { authorization: `Bearer ${await masterToken()}` } });
    },
  };
}
