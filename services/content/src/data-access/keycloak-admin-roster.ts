import type { KeycloakAdmin } from '@kidslearn/lib-auth';
import type { AdminRoster } from '../domain/admin-roles';

const ADMIN_ROLE = 'admin';
const PAGE = 50;

/**
 * The admins as Keycloak knows them: the direct members of the `admin` realm role (the realm grants it
 * directly only; no group or composite carries it). Reading the members needs `view-realm` on the
 * kidslearn-backend service account (infra/keycloak/realm-kidslearn.json).
 */
export function createKeycloakAdminRoster(keycloak: KeycloakAdmin): AdminRoster {
  return {
    isAdmin: async (identityId) => (await keycloak.realmRolesOf(identityId)).includes(ADMIN_ROLE),

    async hasOtherActiveAdmin(identityId) {
      // Usually the first page answers; a realm where many admins are disabled is read on until one is found.
      for (let first = 0; ; first += PAGE) {
        const members = await keycloak.realmRoleMembers(ADMIN_ROLE, { first, max: PAGE });
        if (members.some((member) => member.id !== identityId && member.enabled !== false)) return true;
        if (members.length < PAGE) return false;
      }
    },
  };
}
