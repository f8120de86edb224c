import type { Logger } from '@kidslearn/lib-core';
import type { PhotosStore } from '../data-access/photos-store';
import type { UsersStore } from '../data-access/users-store';
import type { IdentityAdmin } from './identity';
import { splitName, type ValidRegistration } from './registration';

interface Deps {
  identity: IdentityAdmin;
  photos: PhotosStore;
  users: UsersStore;
  logger: Logger;
}

/**
 * Registration (SPEC §5, ARCHITECTURE "Identity"): keep the photo, create the Keycloak account
 * (unverified, VERIFY_EMAIL), send the verification mail (a failure is only logged), then the local
 * user record (role user, 0 gems, the photo as avatar).
 *
 * An email that already has an account changes nothing and the caller is answered exactly as for a new
 * one (no way to learn who is registered); the account's owner gets a mail instead. An account nobody
 * has verified yet (anyone may have typed that address) is replaced by this registration, so a stranger
 * cannot choose the name and photo the mailbox's real owner would inherit: whoever verifies owns it.
 */
export async function registerLearner({ identity, photos, users, logger }: Deps, form: ValidRegistration): Promise<void> {
  const mailOwner = () => identity.mailExistingAccount(form.email).catch((err: unknown) => logger.error({ err }, 'mail to an existing account could not be sent'));
  const existing = await identity.findAccount(form.email);
  if (existing?.verified) return mailOwner();
  if (existing) await identity.deleteUser(existing.id);

  const photoId = await photos.save(form.photo.buffer, form.photo.contentType);
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
    logger.error({ err, email: form.email }, 'verification email could not be sent');
  }

  await users.createRegistered(form.email, form.name, photos.urlOf(photoId));
}
