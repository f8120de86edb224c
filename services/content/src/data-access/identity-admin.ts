import type { KeycloakAdmin } from '@kidslearn/lib-auth';
import type { IdentityAdmin } from '../domain/identity';

/** The Keycloak admin API (service account of kidslearn-backend) as this service uses it. */
export function createIdentityAdmin(keycloak: KeycloakAdmin): IdentityAdmin {
  return {
    findUserIdByEmail: async (email) => (await keycloak.findUserByEmail(email))?.id ?? null,
    async findAccount(email) {
      const user = await keycloak.findUserByEmail(email);
      return user ? { id: user.id, verified: user.emailVerified === true } : null;
    },
    deleteUser: (userId) => keycloak.deleteUser(userId),
    createUnverifiedUser: ({ email, firstName, lastName, password }) =>
      keycloak.createUser({ email, firstName, lastName: lastName || undefined, password, enabled: true, emailVerified: false, requiredActions: ['VERIFY_EMAIL'] }),
    sendVerifyEmail: (userId) => keycloak.sendVerifyEmail(userId),
    async createParent({ email, firstName, lastName, password }) {
      const created = await keycloak.createUser({ email, firstName, lastName: lastName || undefined, password, enabled: true, emailVerified: true });
      if (created === 'exists') return created;
      try {
        await keycloak.addRealmRole(created.id, 'parent');
      } catch (err) {
        // Without the role the account could only act as a learner: take it back rather than leave it so.
        await keycloak.deleteUser(created.id).catch(() => undefined);
        throw err;
      }
      return created;
    },
    async mailExistingAccount(email) {
      const user = await keycloak.findUserByEmail(email);
      if (!user) return;
      if (user.emailVerified === false) await keycloak.sendVerifyEmail(user.id);
      else await keycloak.executeActionsEmail(user.id, ['UPDATE_PASSWORD']);
    },
    addRealmRole: (userId, role) => keycloak.addRealmRole(userId, role),
    removeRealmRole: (userId, role) => keycloak.removeRealmRole(userId, role),
  };
}
