import type { AuthUser } from './types';

export interface AccessTokenClaims {
  sub?: string;
  email?: string;
  name?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  realm_access?: { roles?: string[] };
  exp?: number;
  iat?: number;
}

/** The caller as the services see it: roles from realm_access, email lower-cased. */
export function toAuthUser(claims: AccessTokenClaims): AuthUser {
  const roles = Array.isArray(claims.realm_access?.roles) ? claims.realm_access.roles.filter((r) => typeof r === 'string') : [];
  const email = (claims.email ?? claims.preferred_username ?? '').trim().toLowerCase();
  const name = claims.name ?? ([claims.given_name, claims.family_name].filter(Boolean).join(' ') || email);
  const user: AuthUser = { sub: claims.sub ?? '', email, name, roles, isAdmin: roles.includes('admin'), isParent: roles.includes('parent') };
  if (typeof claims.iat === 'number') user.issuedAtMs = claims.iat * 1000;
  return user;
}

/** `Authorization: Bearer <token>` → the token, else undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
