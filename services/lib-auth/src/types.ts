/** Who is calling, taken from a verified Keycloak access token. */
export interface AuthUser {
  sub: string;
  /** Lower-cased; the learner's identity across services. */
  email: string;
  name: string;
  roles: string[];
  isAdmin: boolean;
  /** realm role `parent` (families): a parent is not a learner, so learner-only routes refuse them. */
  isParent: boolean;
  /** When the token was issued (its `iat`, in ms): a token from before a learner's erasure is refused. */
  issuedAtMs?: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by authenticate (always) and optionalAuth (when a valid token came). */
      auth: AuthUser;
    }
  }
}
