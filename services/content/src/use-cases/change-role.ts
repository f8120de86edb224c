import { AppError } from '@kidslearn/lib-core';
import { messages } from '../messages';
import type { AdminRoster, RoleChangeLease, RoleChangeLock } from '../domain/admin-roles';
import type { IdentityAdmin } from '../domain/identity';
import type { UsersStore } from '../domain/ports';
import type { Role, UserView } from '../domain/user';

interface Deps {
  identity: IdentityAdmin;
  users: UsersStore;
  admins: AdminRoster;
  roleLock: RoleChangeLock;
}

interface Target {
  user: UserView;
  identityId: string;
}

/**
 * Make Admin / Remove Admin: Keycloak holds the truth (the `admin` realm role in the tokens); the
 * local record mirrors it. Repeating a call is harmless.
 *
 * Every change runs under the role-change lock, so that "is another admin left?" is read from
 * Keycloak and acted on before any other change (on any instance) can read it: of two admins who
 * demote each other at once, the second finds itself the last one and is refused (409).
 */
export async function changeRole(deps: Deps, actorEmail: string, userId: string, role: Role): Promise<UserView> {
  const user = await deps.users.findById(userId);
  if (!user) throw AppError.notFound(messages.user.notFound);
  if (role === 'user' && user.email === actorEmail.toLowerCase()) throw AppError.conflict(messages.user.cannotDemoteSelf);

  const identityId = await deps.identity.findUserIdByEmail(user.email);
  if (!identityId) throw AppError.notFound(messages.user.notInIdentityProvider);
  return deps.roleLock.run((lease) => (role === 'admin' ? promote(deps, { user, identityId }) : demote(deps, { user, identityId }, lease)));
}

async function promote({ identity, users }: Deps, { user, identityId }: Target): Promise<UserView> {
  await identity.addRealmRole(identityId, 'admin');
  return mirror(users, user, 'admin');
}

async function demote({ identity, users, admins }: Deps, { user, identityId }: Target, lease: RoleChangeLease): Promise<UserView> {
  // Not an admin in Keycloak: nothing to take away. Only a record that still says admin is corrected.
  if (!(await admins.isAdmin(identityId))) return user.role === 'user' ? user : mirror(users, user, 'user');
  if (!(await admins.hasOtherActiveAdmin(identityId))) throw AppError.conflict(messages.user.lastAdmin);

  await lease.confirm(); // still ours: nothing changed a role since the count
  try {
    await identity.removeRealmRole(identityId, 'admin');
  } catch (err) {
    // The removal may have happened before the error (e.g. a timeout): put the role back, so that the
    // failed answer means "nothing changed". A retry finds things as they were.
    await identity.addRealmRole(identityId, 'admin').catch(() => undefined);
    throw err;
  }
  return mirror(users, user, 'user');
}

async function mirror(users: UsersStore, user: UserView, role: Role): Promise<UserView> {
  const updated = await users.setRole(user._id, user.email, role);
  if (!updated) throw AppError.notFound(messages.user.notFound);
  return updated;
}
