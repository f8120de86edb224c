import { KeycloakAdminError, type KeycloakAdminOptions } from '@kidslearn/lib-auth';

interface RoleRepresentation {
  id: string;
  name: string;
}

/**
 * Realm-role mapping for the kidslearn-backend service account. Written here because lib-auth's
 * addRealmRole/removeRealmRole read GET /roles/{name}, which needs view-realm — a right the
 * service account does not have (it holds manage-users, view-users, query-users). The role
 * representation is taken from the user's own role-mapping lists instead, which manage-users
 * and view-users allow. Both calls are idempotent.
 */
export function createKeycloakRoles({ keycloakUrl, realm, clientId, clientSecret }: KeycloakAdminOptions) {
  const base = keycloakUrl.replace(/\/$/, '');
  const users = `${base}/admin/realms/${encodeURIComponent(realm)}/users`;
  let cached: { token: string; until: number } | undefined;

  const token = async (): Promise<string> => {
    if (cached && cached.until > Date.now()) return cached.token;
    const res = await fetch(`${base}/realms/${encodeURIComponent(realm)}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    if (!res.ok) throw new KeycloakAdminError(res.status, `service account token: HTTP ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    cached = { token: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 30) * 1000 };
    return cached.token;
  };

  const call = async (method: string, url: string, body?: unknown): Promise<Response> => {
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${await token()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 401) cached = undefined;
    if (!res.ok) throw new KeycloakAdminError(res.status, `${method} role mapping: HTTP ${res.status}`);
    return res;
  };

  const find = async (url: string, role: string): Promise<RoleRepresentation | undefined> =>
    ((await (await call('GET', url)).json()) as RoleRepresentation[]).find((r) => r.name === role);

  return {
    async add(userId: string, role: string): Promise<void> {
      const mappings = `${users}/${encodeURIComponent(userId)}/role-mappings/realm`;
      const available = await find(`${mappings}/available`, role);
      if (!available) {
        if (await find(mappings, role)) return; // already assigned
        throw new KeycloakAdminError(404, `realm role ${role} not found`);
      }
      await call('POST', mappings, [available]);
    },
    async remove(userId: string, role: string): Promise<void> {
      const mappings = `${users}/${encodeURIComponent(userId)}/role-mappings/realm`;
      const assigned = await find(mappings, role);
      if (assigned) await call('DELETE', mappings, [assigned]);
    },
  };
}

export type KeycloakRoles = ReturnType<typeof createKeycloakRoles>;
