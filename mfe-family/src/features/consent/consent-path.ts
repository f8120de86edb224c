/** The consent page of an invitation: where the parent comes back to after signing up or in. */
export const consentPath = (token: string) => `/family/consent?invite=${encodeURIComponent(token)}`;

/** Whether the signed-in account is the invited address (Keycloak keeps emails lower-cased; the mail may not). */
export const isInvitedAddress = (email: string | undefined, invited: string) => !!email && email.trim().toLowerCase() === invited.trim().toLowerCase();
