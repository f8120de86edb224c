import type { FamilyChild, FamilySettings } from '@kidslearn/contracts';
import { AppError, type Logger } from '@kidslearn/lib-core';
import { toFamilyChild, type FamilyLinkRecord, type FamilyStore, type SettingsChange } from '../domain/family';
import type { UsersStore } from '../domain/ports';
import { messages } from '../messages';
import { eraseLearner, type EraseLearnerDeps } from './erase-learner';
import { exportLearner, type ExportLearnerDeps, type LearnerExport } from './export-learner';
import { openInvitation } from './family-invitations';

const m = messages.family;

export interface FamilyDeps {
  families: FamilyStore;
  users: Pick<UsersStore, 'findByEmail' | 'findById'>;
  erase: EraseLearnerDeps;
  export: Omit<ExportLearnerDeps, 'users'>;
  logger: Logger;
  now?: () => Date;
}

export interface Parent {
  email: string;
  isParent: boolean;
}

const imgOf = async (deps: FamilyDeps, email: string) => (await deps.users.findByEmail(email))?.img ?? null;

/** Erases the child everywhere (the admin's erase path), then their link. */
async function eraseChild(deps: FamilyDeps, link: FamilyLinkRecord): Promise<void> {
  await eraseLearner(deps.erase, link.childEmail, { reviews: true });
  await deps.families.removeChild(link.childEmail);
}

/**
 * POST /family/consents: the invited parent, signed in with the invited address, agrees (the link is made and
 * announced) or refuses (the child's account and data are erased).
 */
export async function decideConsent(deps: FamilyDeps, parent: Parent, token: string, decision: 'agree' | 'refuse'): Promise<{ decision: 'agree' | 'refuse'; child?: FamilyChild }> {
  if (!parent.isParent) throw AppError.forbidden(m.parentsOnly);
  const link = await openInvitation(deps, token);
  // Its own code: the page shows the message (a bare 403 would end the parent's session there).
  if (link.parentEmail !== parent.email) throw new AppError(403, m.otherAddress, 'wrong_parent');
  if (decision === 'refuse') {
    await eraseChild(deps, link);
    deps.logger.info({ linkId: link.linkId }, 'a parent refused consent: the child was erased');
    return { decision };
  }
  const consented = await deps.families.consent(link.linkId, parent.email, deps.now?.() ?? new Date());
  if (!consented) throw AppError.notFound(m.invitationInvalid);
  return { decision, child: toFamilyChild(consented, await imgOf(deps, consented.childEmail)) };
}

/** The parent's consented link `linkId`, or 404 (another parent's child is answered the same). */
export async function childOf(deps: Pick<FamilyDeps, 'families'>, parent: Parent, linkId: string): Promise<FamilyLinkRecord> {
  if (!parent.isParent) throw AppError.forbidden(m.parentsOnly);
  const link = await deps.families.ofParent(parent.email, linkId);
  if (!link) throw AppError.notFound(m.childNotFound);
  return link;
}

export async function listChildren(deps: FamilyDeps, parent: Parent): Promise<FamilyChild[]> {
  if (!parent.isParent) throw AppError.forbidden(m.parentsOnly);
  const links = await deps.families.childrenOf(parent.email);
  return Promise.all(links.map(async (link) => toFamilyChild(link, await imgOf(deps, link.childEmail))));
}

export async function changeSettings(deps: FamilyDeps, parent: Parent, linkId: string, change: SettingsChange & FamilySettings): Promise<FamilyChild> {
  const link = await childOf(deps, parent, linkId);
  const changed = await deps.families.changeSettings(link, change);
  if (!changed) throw AppError.conflict(m.childNotFound);
  return toFamilyChild(changed, await imgOf(deps, changed.childEmail));
}

/** The parent takes consent back: the link goes (family.unlinked); the child's account stays. */
export async function withdrawConsent(deps: FamilyDeps, parent: Parent, linkId: string): Promise<void> {
  const link = await childOf(deps, parent, linkId);
  await deps.families.withdraw(link);
}

export async function deleteChild(deps: FamilyDeps, parent: Parent, linkId: string): Promise<void> {
  const link = await childOf(deps, parent, linkId);
  await eraseChild(deps, link);
  deps.logger.info({ linkId }, 'a parent erased their child');
}

/** The child's export as the child would download it (each service checks the parent's token again). */
export async function exportChild(deps: FamilyDeps, parent: Parent, linkId: string, authorization: string): Promise<{ body: LearnerExport; userId: string }> {
  const link = await childOf(deps, parent, linkId);
  const user = await deps.users.findByEmail(link.childEmail);
  if (!user) throw AppError.notFound(m.childNotFound);
  const body = await exportLearner({ ...deps.export, users: deps.users }, { email: link.childEmail, isAdmin: false, authorization }, user._id);
  return { body, userId: user._id };
}
