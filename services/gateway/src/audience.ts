import type { IncomingMessage } from 'node:http';
import { bearerToken } from '@kidslearn/lib-auth';

/** What the gateway needs from a verified token: the realm roles. */
export type VerifyToken = (token: string) => Promise<{ roles: string[] }>;

/** Roles that change what a service answers; other realm roles (offline_access, …) do not split the cache. */
const APP_ROLES = ['admin', 'user'] as const;

/**
 * The edge cache's audience of a GET: `anonymous` without credentials, `roles:<app roles>` for a valid
 * bearer token, undefined (never cached) for a cookie or a token that does not verify — that request goes
 * to the service, which answers 401. Entries are kept per audience, so a service may let the edge share an
 * answer between signed-in callers of the same roles (s-maxage) without it ever reaching a visitor or
 * another role. Answers that differ per person must stay private, as any shared cache requires.
 */
export async function audienceOf(req: IncomingMessage, verify: VerifyToken): Promise<string | undefined> {
  if (req.method !== 'GET' || req.headers.cookie !== undefined) return undefined;
  const header = req.headers.authorization;
  if (header === undefined) return 'anonymous';
  const token = bearerToken(header);
  if (!token) return undefined;
  try {
    const { roles } = await verify(token);
    return `roles:${APP_ROLES.filter((role) => roles.includes(role)).join('+')}`;
  } catch {
    return undefined;
  }
}

/** `Cache-Control: no-cache` from the caller: fetch a fresh answer (it is still stored for others). */
export function wantsFresh(req: IncomingMessage): boolean {
  const header = req.headers['cache-control'];
  return typeof header === 'string' && /(^|,)\s*no-cache\s*(,|$)/i.test(header);
}
