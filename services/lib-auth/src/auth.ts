import { createHash } from 'node:crypto';
import Keycloak, { type KeycloakConfig } from 'keycloak-connect';
import { LRUCache } from 'lru-cache';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '@kidslearn/lib-core';
import type { Logger } from '@kidslearn/lib-core';
import { bearerToken, toAuthUser } from './claims';
import type { AccessTokenClaims } from './claims';
import type { AuthUser } from './types';

export interface AuthOptions {
  keycloakUrl: string;
  realm: string;
  /**
   * The browser-facing Keycloak URL tokens are issued for, when it differs from the back-channel
   * `keycloakUrl` (compose: issuer http://localhost:8080, keys fetched from http://keycloak:8080).
   */
  issuerUrl?: string;
  /**
   * The audience every token must carry (`aud`), so a token Keycloak issued to another client (a service
   * account, the account console) is not taken for a portal caller. The realm's portal and test clients
   * add it with an audience mapper. Default: KEYCLOAK_AUDIENCE, else `kidslearn-api`.
   */
  audience?: string;
  /**
   * Shifts "now" for the expiry check (ms). Tests pass a value larger than the token lifetime
   * to prove a real, correctly signed token is refused once expired; never set in services.
   */
  clockOffsetMs?: number;
  logger?: Logger;
}

export interface Auth {
  /** 401 unless a valid bearer token came; sets req.auth. */
  authenticate: RequestHandler;
  /** Sets req.auth when a valid token came; no or bad token → continues as a guest. */
  optionalAuth: RequestHandler;
  requireRole(role: string): RequestHandler;
  requireAdmin: RequestHandler;
  /** Authenticated and not an admin (SPEC "role exactly user"). */
  requireLearner: RequestHandler;
  /** The route param (an email, compared case-insensitively, or a user id = token sub) is the caller, or the caller is an admin. */
  requireSelfOrAdmin(param: string): RequestHandler;
  /** Verifies a raw token: the user, or an AppError 401. */
  verify(token: string | undefined): Promise<AuthUser>;
}

/**
 * Bearer-only auth on keycloak-connect. Tokens are verified with its grant manager (signature
 * against the realm's JWKS, expiry, issuer = KEYCLOAK_URL/realms/<realm>, type Bearer, audience); every
 * failure – missing, malformed, forged, expired – is a 401 (keycloak.protect() would answer
 * 403, which the SPA treats differently). Roles come from realm_access.roles.
 */
/** The portal API's audience, added to the portal's tokens by the realm (infra/keycloak). */
export const DEFAULT_AUDIENCE = 'kidslearn-api';

export function createAuth({
  keycloakUrl,
  issuerUrl,
  realm,
  audience = process.env.KEYCLOAK_AUDIENCE || DEFAULT_AUDIENCE,
  clockOffsetMs = 0,
  logger,
}: AuthOptions): Auth {
  // keycloak-connect reads `verify-token-audience` though its config type does not declare it.
  const config: KeycloakConfig & { 'verify-token-audience': boolean } = {
    realm,
    'auth-server-url': (issuerUrl ?? keycloakUrl).replace(/\/$/, ''),
    // Bearer-only: the resource is used only as the audience its grant manager requires of every token.
    resource: audience,
    'verify-token-audience': true,
    'bearer-only': true,
    'ssl-required': 'external',
    'confidential-port': 0,
  };
  const keycloak = new Keycloak({}, config);

  if (issuerUrl) {
    // keycloak-connect checks `iss` against its realm URL and fetches the signing keys from the same
    // URL; keep the issuer check and point only the key fetch at the back channel.
    const rotation = (keycloak.grantManager as unknown as { rotation: { realmUrl: string } }).rotation;
    rotation.realmUrl = `${keycloakUrl.replace(/\/$/, '')}/realms/${realm}`;
  }

  // keycloak-connect spends ~2 ms per signature check (it rebuilds the key every time), which would cap
  // every protected route at a few hundred requests a second. A token that verified once is remembered
  // (by its hash, bounded) until it expires; expiry is still checked on every use.
  const verified = new LRUCache<string, { user: AuthUser; expMs: number }>({ max: 10_000 });
  const now = () => Date.now() + clockOffsetMs;

  const verify = async (raw: string | undefined): Promise<AuthUser> => {
    if (!raw) throw AppError.unauthorized();
    const key = createHash('sha256').update(raw).digest('base64url');
    const known = verified.get(key);
    if (known) {
      if (known.expMs > now()) return known.user;
      verified.delete(key);
      throw AppError.unauthorized();
    }
    let claims: AccessTokenClaims;
    try {
      const grant = await keycloak.grantManager.createGrant({ access_token: raw as never });
      claims = (grant.access_token as unknown as { content: AccessTokenClaims }).content;
    } catch (err) {
      logger?.debug({ reason: (err as Error).message }, 'token rejected');
      throw AppError.unauthorized();
    }
    if (clockOffsetMs && (claims.exp ?? 0) * 1000 < now()) throw AppError.unauthorized();
    const user = toAuthUser(claims);
    if (!user.sub || !claims.exp) throw AppError.unauthorized();
    verified.set(key, { user, expMs: claims.exp * 1000 });
    return user;
  };

  const ensureAuth = async (req: Request): Promise<AuthUser> => {
    if (req.auth) return req.auth;
    req.auth = await verify(bearerToken(req.get('authorization')));
    return req.auth;
  };

  // Each guard authenticates by itself when nothing did yet, so [authenticate, requireX] and [requireX] both work.
  const guard =
    (check: (user: AuthUser, req: Request) => boolean): RequestHandler =>
    (req: Request, _res: Response, next: NextFunction) => {
      ensureAuth(req).then(
        (user) => next(check(user, req) ? undefined : AppError.forbidden()),
        (err: unknown) => next(err),
      );
    };

  const requireRole = (role: string) => guard((user) => user.roles.includes(role));

  return {
    authenticate: guard(() => true),
    optionalAuth: (req, _res, next) => {
      const raw = bearerToken(req.get('authorization'));
      if (!raw) return next();
      verify(raw).then(
        (user) => {
          req.auth = user;
          next();
        },
        () => next(),
      );
    },
    requireRole,
    requireAdmin: requireRole('admin'),
    // A learner is whoever is signed in and neither admin nor parent (a parent's account also carries the
    // realm's default role `user`): learners' routes stay closed to parents (403, the shell's /forbidden).
    requireLearner: guard((user) => !user.isAdmin && !user.isParent),
    requireSelfOrAdmin: (param) =>
      guard((user, req) => {
        if (user.isAdmin) return true;
        const value = String(req.params[param] ?? '').trim();
        if (!value) return false;
        return value.toLowerCase() === user.email || value === user.sub;
      }),
    verify,
  };
}
