import { AppError } from '@kidslearn/lib-core';

export interface KeycloakAdminOptions {
  keycloakUrl: string;
  realm: string;
  clientId: string;
  clientSecret: string;
  /** Each call to Keycloak gives up after this long (default 5 s). */
  timeoutMs?: number;
}

export interface NewKeycloakUser {
  email: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  emailVerified?: boolean;
  enabled?: boolean;
  /** e.g. ['VERIFY_EMAIL'] */
  requiredActions?: string[];
}

export interface KeycloakUser {
  id: string;
  username: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  emailVerified?: boolean;
  enabled?: boolean;
}

const UNAVAILABLE = 'Sign-in is not available right now. Please try again in a moment.';

/**
 * Keycloak did not do what was asked (an error answer, no answer in time, not reachable). For the
 * caller it is an upstream outage: 503 with a friendly message; `upstreamStatus` keeps Keycloak's
 * HTTP status (0 when there was no answer) and the message for the logs is in `detail`.
 */
export class KeycloakAdminError extends AppError {
  constructor(
    readonly upstreamStatus: number,
    readonly detail: string,
  ) {
    super(503, UNAVAILABLE, 'unavailable');
    this.name = 'KeycloakAdminError';
  }
}

/** fetch with a deadline; a timeout or network failure becomes a KeycloakAdminError (503). */
async function fetchWithin(timeoutMs: number, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new KeycloakAdminError(0, `${init.method ?? 'GET'} ${url}: ${(err as Error).message}`);
  }
}

export interface KeycloakAdmin {
  /** Creates the user (username = email); resolves with the id, or 'exists' when the email is taken. */
  createUser(user: NewKeycloakUser): Promise<{ id: string } | 'exists'>;
  findUserByEmail(email: string): Promise<KeycloakUser | null>;
  addRealmRole(userId: string, role: string): Promise<void>;
  removeRealmRole(userId: string, role: string): Promise<void>;
  /** The realm roles mapped directly to the user (view-users). */
  realmRolesOf(userId: string): Promise<string[]>;
  /** One page of the users holding the realm role directly (needs view-realm on the service account). */
  realmRoleMembers(role: string, page: { first: number; max: number }): Promise<KeycloakUser[]>;
  sendVerifyEmail(userId: string): Promise<void>;
  /** Mails the user Keycloak's link for the given required actions (e.g. UPDATE_PASSWORD). */
  executeActionsEmail(userId: string, actions: string[]): Promise<void>;
  deleteUser(userId: string): Promise<void>;
}

/** Keycloak admin REST client authenticated as the service account (token cached until shortly before expiry). */
export function createKeycloakAdmin({ keycloakUrl, realm, clientId, clientSecret, timeoutMs = 5000 }: KeycloakAdminOptions): KeycloakAdmin {
  const base = keycloakUrl.replace(/\/$/, '');
  const adminUrl = `${base}/admin/realms/${encodeURIComponent(realm)}`;
  let cached: { token: string; until: number } | undefined;

  const serviceToken = async (): Promise<string> => {
    if (cached && cached.until > Date.now()) return cached.token;
    const res = await fetchWithin(timeoutMs, `${base}/realms/${encodeURIComponent(realm)}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    if (!res.ok) throw new KeycloakAdminError(res.status, `service account token: HTTP ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    cached = { token: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 30) * 1000 };
    return cached.token;
  };

  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const res = await fetchWithin(timeoutMs, adminUrl + path, {
      method,
      headers: { authorization: `Bearer ${await serviceToken()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 401) cached = undefined;
    return res;
  };

  const expectOk = async (res: Response, what: string): Promise<void> => {
    if (!res.ok) throw new KeycloakAdminError(res.status, `${what}: HTTP ${res.status} ${await res.text().catch(() => '')}`.trim());
  };

  /**
   * The role's representation from the user's own mapping lists ("available" to add, assigned to remove):
   * manage-users/view-users allow these, while GET /roles/{name} would need view-realm. Undefined means
   * nothing to do (already assigned, or not assigned), which keeps both calls idempotent.
   */
  const mappableRole = async (userId: string, role: string, list: 'available' | 'assigned'): Promise<unknown> => {
    const mappings = `/users/${encodeURIComponent(userId)}/role-mappings/realm${list === 'available' ? '/available' : ''}`;
    const res = await call('GET', mappings);
    await expectOk(res, `role mappings of ${userId}`);
    return ((await res.json()) as Array<{ name: string }>).find((candidate) => candidate.name === role);
  };

  return {
    async createUser(user) {
      const res = await call('POST', '/users', {
        username: user.email.toLowerCase(),
        email: user.email.toLowerCase(),
        firstName: user.firstName,
        lastName: user.lastName,
        enabled: user.enabled ?? true,
        emailVerified: user.emailVerified ?? false,
        requiredActions: user.requiredActions ?? [],
        credentials: user.password ? [{ type: 'password', value: user.password, temporary: false }] : undefined,
      });
      if (res.status === 409) return 'exists';
      await expectOk(res, 'create user');
      const id = res.headers.get('location')?.split('/').pop();
      if (id) return { id };
      const found = await this.findUserByEmail(user.email);
      if (!found) throw new KeycloakAdminError(500, 'created user not found');
      return { id: found.id };
    },
    async findUserByEmail(email) {
      const res = await call('GET', `/users?email=${encodeURIComponent(email.trim().toLowerCase())}&exact=true`);
      await expectOk(res, 'find user');
      const users = (await res.json()) as KeycloakUser[];
      return users.find((u) => u.email?.toLowerCase() === email.trim().toLowerCase()) ?? null;
    },
    async addRealmRole(userId, role) {
      const representation = await mappableRole(userId, role, 'available');
      if (!representation) return;
      await expectOk(await call('POST', `/users/${encodeURIComponent(userId)}/role-mappings/realm`, [representation]), 'add role');
    },
    async removeRealmRole(userId, role) {
      const representation = await mappableRole(userId, role, 'assigned');
      if (!representation) return;
      await expectOk(await call('DELETE', `/users/${encodeURIComponent(userId)}/role-mappings/realm`, [representation]), 'remove role');
    },
    async realmRolesOf(userId) {
      const res = await call('GET', `/users/${encodeURIComponent(userId)}/role-mappings/realm`);
      await expectOk(res, `role mappings of ${userId}`);
      return ((await res.json()) as Array<{ name: string }>).map((mapping) => mapping.name);
    },
    async realmRoleMembers(role, { first, max }) {
      const res = await call('GET', `/roles/${encodeURIComponent(role)}/users?briefRepresentation=true&first=${first}&max=${max}`);
      await expectOk(res, `members of role ${role}`);
      return (await res.json()) as KeycloakUser[];
    },
    async sendVerifyEmail(userId) {
      await expectOk(await call('PUT', `/users/${encodeURIComponent(userId)}/send-verify-email`), 'send verify email');
    },
    async executeActionsEmail(userId, actions) {
      await expectOk(await call('PUT', `/users/${encodeURIComponent(userId)}/execute-actions-email`, actions), 'execute actions email');
    },
    async deleteUser(userId) {
      const res = await call('DELETE', `/users/${encodeURIComponent(userId)}`);
      if (res.status !== 404) await expectOk(res, 'delete user');
    },
  };
}
