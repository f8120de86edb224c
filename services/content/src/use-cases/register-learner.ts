import type { Logger } from '@kidslearn/lib-core';
import type { IdentityAdmin } from '../domain/identity';
import type { PhotosStore, UsersStore } from '../domain/ports';
import { splitName, type ValidRegistration } from '../domain/registration';
import { inviteParent, type InvitationDeps } from './family-invitations';

interface Deps {
  identity: IdentityAdmin;
  /** Families: when the form names a parent, they are asked to consent. */
  invitations?: InvitationDeps;
  photos: PhotosStore;
  users: UsersStore;
  logger: Logger;
}

/**
 * Registration (SPEC §5, ARCHITECTURE "Identity"): keep the photo, create the Keycloak account
 * (unverified, VERIFY_EMAIL), send the verification mail (a failure is only logged), then the local
 * user record (role user, 0 gems, the photo as avatar).
 *
 * An email that already has an account, verified or not, changes nothing, and the caller is answered
 * exactly as for a new one (no way to learn who is registered): an anonymous request never replaces or
 * changes an account. The mailbox gets a mail instead: the original verification mail again while the
 * account is pending, else a link to choose a new password. (Replacing a pending account let a stranger
 * who registered a child's address right after the child own the account the child then verified.)
 */
export async function registerLearner({ identity, photos, users, logger, invitations }: Deps, form: ValidRegistration): Promise<void> {
  const mailOwner = () => identity.mailExistingAccount(form.email).catch((err: unknown) => logger.error({ err }, 'mail to an existing account could not be sent'));
  if (await identity.findAccount(form.email)) return mailOwner();

  const photoId = await photos.save(form.photo.buffer, form.photo.contentType, form.email);
  let created: { id: string } | 'exists';
  try {
    created = await identity.createUnverifiedUser({ email: form.email, password: form.password, ...splitName(form.name) });
  } catch (err) {
    await photos.remove(photoId);
    throw err;
  }
  if (created === 'exists') {
    await photos.remove(photoId);
    return mailOwner();
  }

  try {
    await identity.sendVerifyEmail(created.id);
  } catch (err) {
    logger.error({ err, accountId: created.id }, 'verification email could not be sent');
  }

  await users.createRegistered(form.email, form.name, photos.urlOf(photoId));

  // Only for an account this request created: an existing one's parent is never changed anonymously.
  if (form.parentEmail && invitations) {
    await inviteParent(invitations, { email: form.email, name: form.name }, form.parentEmail).catch((err: unknown) => logger.error({ err: (err as Error).message }, 'the parent could not be invited'));
  }
}
