import { AppError } from '@kidslearn/lib-core';
import type { UsersStore } from '../data-access/users-store';
import { messages } from '../messages';
import type { IdentityAdmin } from './identity';
import type { Role, UserView } from './user';

interface Deps {
  identity: IdentityAdmin;
  users: UsersStore;
}

/**
 * Make Admin / Remove Admin: Keycloak holds the truth (the `admin` realm role in the tokens); the
 * local record mirrors it and announces `user.role.changed`. Repeating a call is harmless.
 */
export async function changeRole({ identity, users }: Deps, actorEmail: string, userId: string, role: Role): Promise<UserView> {
  const user = await users.findById(userId);
  if (!user) throw AppError.notFound(messages.user.notFound);
  if (role === 'user' && user.email === actorEmail.toLowerCase()) throw AppError.conflict(messages.user.cannotDemoteSelf);

  const identityId = await identity.findUserIdByEmail(user.email);
  if (!identityId) throw AppError.notFound(messages.user.notInIdentityProvider);
  if (role === 'admin') await identity.addRealmRole(identityId, 'admin');
  else await identity.removeRealmRole(identityId, 'admin');

  const updated = await users.setRole(userId, user.email, role);
  if (!updated) throw AppError.notFound(messages.user.notFound);
  return updated;
}
