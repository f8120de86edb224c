// Families (issue 24) in the integration tests: parents from Keycloak, links as content announces them.
import { randomUUID } from 'node:crypto';
import { createEvent } from '@kidslearn/lib-events';
import { createLearner, keycloakAdmin, signIn } from '@kidslearn/lib-testkit';
import { eventually, publishEvent, type RunningGifts } from './harness';

export interface Parent {
  id: string;
  email: string;
  /** refreshed while the file runs: read it at each use */
  readonly token: string;
}

/** A fresh parent account: realm roles `user` (default) and `parent`, signed in after the role was given. */
export async function createParent(): Promise<Parent> {
  const user = await createLearner({ name: 'Pat Parent' });
  await keycloakAdmin().addRealmRole(user.id, 'parent');
  const session = await signIn(user.email, user.password);
  return {
    id: user.id,
    email: user.email,
    get token() {
      return session.token;
    },
  };
}

export interface LinkSettings {
  approveGifts?: boolean;
  monthlyGemCap?: number | null;
}

/**
 * Plays content: announces the link on the broker (`family.linked`) and waits until gifts holds that version of it.
 * The same linkId with a higher `version` changes its settings.
 */
export async function linkFamily(
  gifts: RunningGifts,
  childEmail: string,
  parentEmail: string,
  { approveGifts = true, monthlyGemCap = null }: LinkSettings = {},
  { linkId = `link-${randomUUID()}`, version = 1 }: { linkId?: string; version?: number } = {},
): Promise<string> {
  await publishEvent(createEvent('family.linked', { linkId, childEmail, parentEmail, approveGifts, monthlyGemCap, version }));
  const held = await eventually(() => gifts.db.collection('family_links').findOne({ _id: linkId as never, version }), Boolean);
  if (!held) throw new Error(`gifts did not take family.linked ${linkId} v${version}`);
  return linkId;
}

/** Plays content: the parent withdrew consent (`family.unlinked`); waits until gifts holds the tombstone. */
export async function unlinkFamily(gifts: RunningGifts, linkId: string, childEmail: string, parentEmail: string, version: number): Promise<void> {
  await publishEvent(createEvent('family.unlinked', { linkId, childEmail, parentEmail, version }));
  const held = await eventually(() => gifts.db.collection('family_links').findOne({ _id: linkId as never, version, unlinked: true }), Boolean);
  if (!held) throw new Error(`gifts did not take family.unlinked ${linkId} v${version}`);
}
