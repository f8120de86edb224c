/** Who is calling, taken from a verified Keycloak access token. */
export interface AuthUser {
  sub: string;
  /** Lower-cased; the learner's identity across services. */
  email: string;
  name: string;
  roles: string[];
  isAdmin: boolean;
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
