import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';
import { sharedMaxAgeSeconds } from './edge-cache';

/** What an answer leaves the gateway with when nobody may keep it. */
export const NO_STORE = 'private, no-store';

/** A request that names someone: a bearer token or a cookie. */
export const hasCredentials = (req: IncomingMessage): boolean => req.headers.authorization !== undefined || req.headers.cookie !== undefined;

/**
 * The Cache-Control an answer leaves the gateway with (issue 19: no browser or shared cache keeps a child's
 * data). A service's own policy stands (public lists, a photo the browser may keep privately), with two
 * exceptions: an answer without one goes out `private, no-store` (API answers are live and most carry a
 * learner's data: balances, profiles, addresses, errors naming them), and so does an answer to a request with
 * credentials that the service let the edge share (s-maxage): the edge keeps it per audience (audience.ts),
 * while a cache past the gateway would keep one copy for everyone (RFC 9111 lets it for s-maxage).
 */
export function outgoingCacheControl(serviceCacheControl: string | undefined, credentials: boolean): string {
  if (!serviceCacheControl?.trim()) return NO_STORE;
  if (credentials && sharedMaxAgeSeconds(serviceCacheControl) !== undefined) return NO_STORE;
  return serviceCacheControl;
}

/** Applies outgoingCacheControl to every answer, proxied, from the edge cache or the gateway's own. */
export function cachePolicy(): RequestHandler {
  return (req, res, next) => {
    const credentials = hasCredentials(req);
    onHeaders(res, function (this: ServerResponse) {
      const current = this.getHeader('cache-control');
      this.setHeader('Cache-Control', outgoingCacheControl(current === undefined ? undefined : String(current), credentials));
    });
    next();
  };
}
