// Keycloak records sign-ins and admin changes (issue 19), without copying what an admin wrote (details off):
// proven against the running local Keycloak through its admin API.
import { eventually } from '@kidslearn/lib-testkit';
import { createUser, keycloakUrl, realm } from './support/keycloak-env';
import type { TempUser } from './support/keycloak-env';
import { adminGet } from './support/master-admin';

interface LoginEvent {
  type: string;
  userId?: string;
  clientId?: string;
  error?: string;
  details?: Record<string, string>;
}
interface AdminEvent {
  operationType: string;
  resourceType: string;
  resourcePath: string;
  representation?: string;
}

const passwordGrant = (username: string, password: string) =>
  fetch(`${keycloakUrl}/realms/${realm}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'kidslearn-test', username, password, scope: 'openid' }),
  });

const eventsOf = (user: TempUser, type: string) => adminGet<LoginEvent[]>(`${realm}/events?user=${user.id}&type=${type}&max=20`);

describe('Keycloak login and admin events (realm kidslearn)', () => {
  let user: TempUser;

  beforeAll(async () => {
    user = await createUser({ emailVerified: true });
  });

  afterAll(async () => {
    await user?.remove();
  });

  it('when a user signs in through kidslearn-test, then a LOGIN event for that user and client is recorded', async () => {
    expect((await passwordGrant(user.email, user.password)).status).toBe(200);

    const events = await eventually(async () => {
      const found = await eventsOf(user, 'LOGIN');
      if (found.length === 0) throw new Error('no event yet');
      return found;
    });
    expect(events[0]).toMatchObject({ type: 'LOGIN', userId: user.id, clientId: 'kidslearn-test' });
    expect(events[0]!.details).toMatchObject({ grant_type: 'password' });
  });

  it('when a sign-in fails, then a LOGIN_ERROR event is recorded', async () => {
    const refused = await passwordGrant(user.email, 'NotThePassword1');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });

    const events = await eventually(async () => {
      const found = await eventsOf(user, 'LOGIN_ERROR');
      if (found.length === 0) throw new Error('no event yet');
      return found;
    });
    expect(events[0]).toMatchObject({ type: 'LOGIN_ERROR', error: 'invalid_user_credentials' });
  });

  it('when the backend creates a user, then an admin event names the user without a copy of its data', async () => {
    const events = await eventually(async () => {
      const found = await adminGet<AdminEvent[]>(`${realm}/admin-events?resourcePath=users/${user.id}&operationTypes=CREATE&max=5`);
      if (found.length === 0) throw new Error('no event yet');
      return found;
    });
    expect(events[0]).toMatchObject({ operationType: 'CREATE', resourceType: 'USER', resourcePath: `users/${user.id}` });
    expect(events[0]!.representation).toBeUndefined();
  });

  it('when the events configuration is read, then login and admin events expire after 30 days', async () => {
    const config = await adminGet<{ eventsEnabled: boolean; eventsExpiration: number; adminEventsEnabled: boolean; adminEventsDetailsEnabled: boolean }>(`${realm}/events/config`);
    expect(config).toMatchObject({ eventsEnabled: true, eventsExpiration: 30 * 24 * 3600, adminEventsEnabled: true, adminEventsDetailsEnabled: false });
    const attributes = (await adminGet<{ attributes?: Record<string, string> }>(realm)).attributes ?? {};
    expect(attributes.adminEventsExpiration).toBe(String(30 * 24 * 3600));
  });
});
