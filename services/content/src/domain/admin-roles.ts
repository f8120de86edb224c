// What the last-admin guard needs: who holds the admin role (Keycloak, the authority for tokens) and a
// lock that lets one role change at a time through, across every instance of this service.

export interface AdminRoster {
  /** Does the identity hold the `admin` realm role (as tokens will say)? */
  isAdmin(identityId: string): Promise<boolean>;
  /** Is there an enabled admin other than this identity (one who can still sign in and administer)? */
  hasOtherActiveAdmin(identityId: string): Promise<boolean>;
}

export interface RoleChangeLease {
  /**
   * Confirms that the lock is still this change's and extends it: call it right before the irreversible
   * step. Throws (503) when the lock expired and another change may have taken it.
   */
  confirm(): Promise<void>;
}

export interface RoleChangeLock {
  /** Runs `change` while holding the lock; waits for it (bounded) while another change holds it. */
  run<T>(change: (lease: RoleChangeLease) => Promise<T>): Promise<T>;
}
