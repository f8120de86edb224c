import type { KeycloakAdmin } from '@kidslearn/lib-auth';
import type { IdentityAdmin } from '../domain/identity';

/** The Keycloak admin API (service account of kidslearn-backend) as this service uses it. */
export function createIdentityAdmin(keycloak: KeycloakAdmin): IdentityAdmin {
  return {
    findUserIdByEmail: async (email) => (await keycloak.findUserByEmail(email))?.id ?? null,
    createUnverifiedUser: ({ email, firstName, lastName, password }) =>
      keycloak.createUser({ email, firstName, lastName: lastName || undefined, password, enabled: true, emailVerified: false, requiredActions: ['VERIFY_EMAIL'] }),
    sendVerifyEmail: (userId) => keycloak.sendVerifyEmail(userId),
    addRealmRole: (userId, role) => keycloak.addRealmRole(userId, role),
    removeRealmRole: (userId, role) => keycloak.removeRealmRole(userId, role),
  };
}
