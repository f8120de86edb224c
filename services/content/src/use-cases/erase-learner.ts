import { randomUUID } from 'node:crypto';
import { AppError } from '@kidslearn/lib-core';
import { createEvent } from '@kidslearn/contracts';
import type { IdentityAdmin } from '../domain/identity';
import type { ErasureTombstones, LearnerRecords, UsersStore } from '../domain/ports';
import { messages } from '../messages';

export interface EraseLearnerDeps {
  identity: Pick<IdentityAdmin, 'findUserIdByEmail' | 'deleteUser'>;
  /** The tombstone is written with `learner.erased` in its outbox: published right after the write. */
  erasures: ErasureTombstones;
  records: LearnerRecords;
  /** The landing page's reviews are read afresh (an erased learner's reviews are gone). */
  dropReviewsCache: () => Promise<unknown>;
}

/**
 * Erases a learner everywhere (docs/SECURITY.md "Children's data"). The Keycloak account goes first, so no
 * new token can be had and a failure there changes nothing; then the tombstone is written with the one
 * `learner.erased` event in its outbox (quiz, gems and gifts erase their part when it arrives), then this
 * service's records: photos, reviews posted with the email (`reviews`: only when the learner proved the
 * address is theirs), the user record last. Repeating it is harmless and erases whatever appeared since.
 * Callers decide who may erase whom (an admin route today, a parent's later).
 */
export async function eraseLearner(deps: EraseLearnerDeps, email: string, { reviews }: { reviews: boolean }): Promise<{ erasureId: string }> {
  const accountId = await deps.identity.findUserIdByEmail(email);
  if (accountId) await deps.identity.deleteUser(accountId);

  const erasureId = randomUUID();
  const event = createEvent('learner.erased', { email, erasureId });
  await deps.erasures.record(email, new Date(event.occurredAt), [event]);

  await deps.records.erase(email, { reviews });
  if (reviews) await deps.dropReviewsCache();
  return { erasureId };
}

/**
 * DELETE /users/{userId}: an admin erases a learner. Admins are not erased this way (demote first), which
 * also keeps an admin from erasing themself by accident.
 */
export async function eraseUserByAdmin(deps: EraseLearnerDeps & { users: Pick<UsersStore, 'findById'> }, actorEmail: string, userId: string): Promise<{ erasureId: string }> {
  const user = await deps.users.findById(userId);
  if (!user) throw AppError.notFound(messages.user.notFound);
  if (user.email === actorEmail.toLowerCase()) throw AppError.conflict(messages.learnerData.cannotEraseSelf);
  if (user.role === 'admin') throw AppError.conflict(messages.learnerData.adminCannotBeErased);
  return eraseLearner(deps, user.email, { reviews: true });
}
