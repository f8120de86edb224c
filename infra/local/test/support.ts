import { randomUUID } from 'node:crypto';
import { secret } from '@kidslearn/lib-testkit';

export const KEYCLOAK = process.env.KEYCLOAK_URL ?? 'http://localhost:8080';
export const REALM_URL = `${KEYCLOAK}/realms/${process.env.KEYCLOAK_REALM ?? 'kidslearn'}`;
export const MAILDEV = process.env.MAILDEV_URL ?? 'http://localhost:1080';

export interface TokenClaims {
  email?: string;
  name?: string;
  preferred_username?: string;
  realm_access?: { roles: string[] };
}

export function decodeJwt(token: string): TokenClaims {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
}

async function tokenRequest(form: Record<string, string>): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(`${REALM_URL}/protocol/openid-connect/token`, { method: 'POST', body: new URLSearchParams(form) });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

export const passwordGrant = (username: string, password: string) =>
  tokenRequest({ grant_type: 'password', client_id: 'kidslearn-test', username, password, scope: 'openid' });

export async function backendToken(): Promise<string> {
  const { body } = await tokenRequest({
    grant_type: 'client_credentials',
    client_id: 'kidslearn-backend',
    client_secret: secret('KEYCLOAK_BACKEND_SECRET'),
  });
  if (!body.access_token) throw new Error(`no backend token: ${JSON.stringify(body)}`);
  return body.access_token;
}

export const uniqueEmail = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}@kidslearn.test`;

interface MaildevMail {
  subject: string;
  to: Array<{ address: string }>;
  text?: string;
  html?: string;
}

/** Polls maildev's REST API until a mail to `address` arrives (other tests' mails are left alone). */
export async function waitForMail(address: string, timeoutMs = 15_000): Promise<MaildevMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${MAILDEV}/email`)).json()) as MaildevMail[];
    const mail = mails.find((m) => m.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address} within ${timeoutMs}ms`);
}
