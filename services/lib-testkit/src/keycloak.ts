import { createKeycloakAdmin } from '@kidslearn/lib-auth';
import type { KeycloakAdmin } from '@kidslearn/lib-auth';
import { env, randomSuffix } from './env';
import { refreshingToken, type TokenSource } from './token-source';

/** An access token for a user through the test-only client `kidslearn-test` (password grant). */
export async function tokenFor(email: string, password: string): Promise<string> {
  const { KEYCLOAK_URL, KEYCLOAK_REALM } = env();
  const res = await fetch(`${KEYCLOAK_URL}/realms/${KEYCLOAK_REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'kidslearn-test', username: email, password, scope: 'openid' }),
  });
  if (!res.ok) throw new Error(`tokenFor(${email}): HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A user's token that stays valid for as long as a test file runs (`.token` is read at each use). */
export function signIn(email: string, password: string): Promise<TokenSource> {
  return refreshingToken(() => tokenFor(email, password));
}

/** A token Keycloak really issued to the backend's service account: a real token not meant for the portal's API. */
export async function serviceAccountToken(): Promise<string> {
  const { KEYCLOAK_URL, KEYCLOAK_REALM, KEYCLOAK_BACKEND_SECRET } = env();
  const res = await fetch(`${KEYCLOAK_URL}/realms/${KEYCLOAK_REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'kidslearn-backend', client_secret: KEYCLOAK_BACKEND_SECRET }),
  });
  if (!res.ok) throw new Error(`service account token: HTTP ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

let admin: KeycloakAdmin | undefined;

/** The admin API client as the kidslearn-backend service account. */
export function keycloakAdmin(): KeycloakAdmin {
  const e = env();
  admin ??= createKeycloakAdmin({ keycloakUrl: e.KEYCLOAK_URL, realm: e.KEYCLOAK_REALM, clientId: 'kidslearn-backend', clientSecret: e.KEYCLOAK_BACKEND_SECRET });
  return admin;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** refreshed before it expires (under Jest): read it at each use rather than keeping a copy */
  token: string;
}

const made: TestUser[] = [];

/** Every account this process made with createLearner/createAdmin, for a benchmark to erase when it ends. */
export const accountsMade = (): readonly TestUser[] => [...made];

/** A fresh, verified learner with a random email (role `user` by the realm's default roles). */
export async function createLearner(options: { admin?: boolean; parent?: boolean; name?: string } = {}): Promise<TestUser> {
  const suffix = randomSuffix();
  const email = `learner-${suffix}@kidslearn.test`;
  const password = `Learner${suffix}1`;
  const name = options.name ?? `Test Learner ${suffix}`;
  const [firstName, ...rest] = name.split(' ');
  const created = await keycloakAdmin().createUser({ email, password, firstName, lastName: rest.join(' ') || undefined, emailVerified: true, enabled: true });
  if (created === 'exists') throw new Error(`createLearner: ${email} already exists`);
  if (options.admin) await keycloakAdmin().addRealmRole(created.id, 'admin');
  if (options.parent) await keycloakAdmin().addRealmRole(created.id, 'parent');
  const session = await signIn(email, password);
  const user: TestUser = {
    id: created.id,
    email,
    password,
    name,
    get token() {
      return session.token;
    },
    set token(token) {
      session.token = token;
    },
  };
  made.push(user);
  return user;
}

/** A fresh admin (user + admin roles). */
export function createAdmin(): Promise<TestUser> {
  return createLearner({ admin: true, name: `Test Admin ${randomSuffix(2)}` });
}

/** A fresh parent (realm roles user + parent, as a parent account made by content has them). */
export function createParent(): Promise<TestUser> {
  return createLearner({ parent: true, name: `Test Parent ${randomSuffix(2)}` });
}
