// Where the running infrastructure lives (docs/CONTRACTS.md), and helpers around the kidslearn realm.
import { randomUUID } from 'node:crypto';
import { secret } from '@kidslearn/lib-testkit';

export const keycloakUrl = process.env.KEYCLOAK_URL ?? 'http://localhost:8080';
export const realm = process.env.KEYCLOAK_REALM ?? 'kidslearn';
export const maildevUrl = process.env.MAILDEV_URL ?? 'http://localhost:1080';
export const portalUrl = process.env.PORTAL_URL ?? 'http://localhost:3000';

/** The portal's authorization request (code + PKCE), the way keycloak-js starts a login. */
export function authUrl(): string {
  const params = new URLSearchParams({
    client_id: 'kidslearn-portal',
    response_type: 'code',
    redirect_uri: `${portalUrl}/`,
    scope: 'openid',
    code_challenge: 'abc12345678901234567890123456789012345678901',
    code_challenge_method: 'S256',
  });
  return `${keycloakUrl}/realms/${realm}/protocol/openid-connect/auth?${params.toString()}`;
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${keycloakUrl}/realms/${realm}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'kidslearn-backend', client_secret: secret('KEYCLOAK_BACKEND_SECRET') }),
  });
  if (!response.ok) throw new Error(`backend token: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface TempUser {
  id: string;
  email: string;
  password: string;
  remove(): Promise<void>;
}

/** A throw-away account created through the admin API, like the registration backend does. */
export async function createUser({ emailVerified }: { emailVerified: boolean }): Promise<TempUser> {
  const token = await adminToken();
  const email = `theme-${randomUUID().slice(0, 8)}@kidslearn.test`;
  const password = 'Theme1234';
  const users = `${keycloakUrl}/admin/realms/${realm}/users`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(users, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      username: email,
      email,
      firstName: 'Theo',
      lastName: 'Tester',
      enabled: true,
      emailVerified,
      credentials: [{ type: 'password', value: password, temporary: false }],
    }),
  });
  if (created.status !== 201) throw new Error(`create user: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location');
  if (!location) throw new Error('create user: no location');
  return {
    id: location.slice(location.lastIndexOf('/') + 1),
    email,
    password,
    remove: async () => {
      await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${await adminToken()}` } });
    },
  };
}

export interface Mail {
  subject: string;
  html: string;
  text: string;
  to: { address: string }[];
}

/** Waits for a mail to `address` whose subject matches, as caught by maildev. */
export async function waitForMail(address: string, subject: string, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${maildevUrl}/email`)).json()) as Mail[];
    const mail = mails.find((m) => m.subject === subject && m.to.some((to) => to.address.toLowerCase() === address));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no mail "${subject}" to ${address} within ${timeoutMs} ms`);
}
