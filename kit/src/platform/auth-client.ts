/** What the shell and the remotes may do with the signed-in session. */
export interface AuthClient {
  /** Sends the visitor to the Keycloak login page; they come back to `returnPath` (default /). */
  login(returnPath?: string, options?: { idpHint?: string }): Promise<void>;
  /** Ends the Keycloak session and lands on `returnPath` (default /). */
  logout(returnPath?: string): Promise<void>;
  /** A fresh access token (refreshed when about to expire), or undefined for visitors. */
  getToken(): Promise<string | undefined>;
  /**
   * A new access token now, however long the current one still lives (its roles may be out of date, e.g.
   * after Make Admin); undefined for visitors or when the session cannot be refreshed.
   */
  refreshToken(): Promise<string | undefined>;
}
