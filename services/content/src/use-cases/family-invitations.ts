import type { FamilyInvitation, MyParent, ParentConsentMode } from '@kidslearn/contracts';
import { AppError, type Logger } from '@kidslearn/lib-core';
import { hashInviteToken, isOpenInvitation, newInviteToken, type FamilyLinkRecord, type FamilyStore, type SendMail } from '../domain/family';
import type { IdentityAdmin } from '../domain/identity';
import { passwordSchema, splitName } from '../domain/registration';
import { consentMail } from '../domain/consent-mail';
import { messages } from '../messages';

const m = messages.family;
const DAY_MS = 24 * 60 * 60_000;

export interface InvitationDeps {
  families: FamilyStore;
  identity: Pick<IdentityAdmin, 'findAccount' | 'createParent'>;
  sendMail: SendMail;
  portalUrl: string;
  inviteDays: number;
  consentMode: ParentConsentMode;
  logger: Logger;
  now?: () => Date;
}

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/**
 * A child names a parent (registration, or later from their profile): a new invitation replaces one not
 * answered, and the parent gets the mail with its link. A mail that cannot be sent is logged (the child can
 * send it again); an agreed link is never replaced.
 */
export async function inviteParent(deps: InvitationDeps, child: { email: string; name: string }, parentEmail: string): Promise<MyParent> {
  if (parentEmail === child.email) throw AppError.badRequest(m.parentIsChild);
  const now = nowOf(deps);
  const { token, hash } = newInviteToken();
  const expiresAt = new Date(now.getTime() + deps.inviteDays * DAY_MS);
  if ((await deps.families.invite(child, parentEmail, hash, now, expiresAt)) === 'consented') throw AppError.conflict(m.alreadyConsented);
  const link = new URL('/family/consent', deps.portalUrl);
  link.searchParams.set('invite', token);
  try {
    await deps.sendMail({ to: parentEmail, ...consentMail(child.name, link.toString(), expiresAt) });
  } catch (err) {
    deps.logger.error({ err: (err as Error).message }, 'the consent mail could not be sent');
  }
  return { parentEmail, status: 'invited', consentMode: deps.consentMode };
}

/** GET /family/parent: the learner's own link. */
export async function myParent(deps: Pick<InvitationDeps, 'families' | 'consentMode'>, childEmail: string): Promise<MyParent> {
  const link = await deps.families.byChild(childEmail);
  if (!link || link.status === 'withdrawn') return { parentEmail: null, status: 'none', consentMode: deps.consentMode };
  return { parentEmail: link.parentEmail, status: link.status, consentMode: deps.consentMode };
}

/** The open invitation a token names, or 404 (unknown, answered or expired are all the same to the caller). */
export async function openInvitation(deps: Pick<InvitationDeps, 'families' | 'now'>, token: string): Promise<FamilyLinkRecord> {
  const link = await deps.families.byToken(hashInviteToken(token));
  if (!link || !isOpenInvitation(link, nowOf(deps))) throw AppError.notFound(m.invitationInvalid);
  return link;
}

/** GET /family/invitations/{token}: what the consent page shows before anyone signs in. */
export async function readInvitation(deps: InvitationDeps, token: string): Promise<FamilyInvitation> {
  const link = await openInvitation(deps, token);
  const account = await deps.identity.findAccount(link.parentEmail);
  return { childName: link.childName, parentEmail: link.parentEmail, hasAccount: account !== null, expiresAt: link.expiresAt.toISOString() };
}

/**
 * POST /family/parents: the invited address gets a parent account. The token proves the mailbox (it was mailed
 * there), so the account is verified at once; the password follows the registration's rule.
 */
export async function createParentAccount(deps: InvitationDeps, input: { token: string; name: string; password: string }): Promise<void> {
  const link = await openInvitation(deps, input.token);
  const name = input.name.trim();
  if (!name || name.length > 80) throw AppError.badRequest(m.nameRequired);
  if (!passwordSchema.safeParse(input.password).success) throw AppError.badRequest(messages.registration.passwordRule);
  const created = await deps.identity.createParent({ email: link.parentEmail, password: input.password, ...splitName(name) });
  if (created === 'exists') throw AppError.conflict(m.accountExists);
}
