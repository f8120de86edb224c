// What this service needs from the identity provider (Keycloak admin API through lib-auth).
export interface NewIdentity {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

export interface IdentityAdmin {
  findUserIdByEmail(email: string): Promise<string | null>;
  /** The account registered under this email, with whether its owner has proven the mailbox. */
  findAccount(email: string): Promise<{ id: string; verified: boolean } | null>;
  deleteUser(userId: string): Promise<void>;
  /** Creates an enabled, unverified user with the VERIFY_EMAIL required action; 'exists' when the email is taken. */
  createUnverifiedUser(user: NewIdentity): Promise<{ id: string } | 'exists'>;
  sendVerifyEmail(userId: string): Promise<void>;
  /**
   * A parent's account (realm role `parent`), verified: only the holder of the invitation mailed to that
   * address can ask for it. 'exists' when the email is taken.
   */
  createParent(user: NewIdentity): Promise<{ id: string } | 'exists'>;
  /**
   * Someone registered with the email of this existing account: mail its owner (a new verification
   * link while unverified, else a link to choose a new password if they forgot it).
   */
  mailExistingAccount(email: string): Promise<void>;
  addRealmRole(userId: string, role: string): Promise<void>;
  removeRealmRole(userId: string, role: string): Promise<void>;
}
