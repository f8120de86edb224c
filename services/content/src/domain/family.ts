// Families (issue 24): a child names a parent, the parent agrees or refuses (docs/CONTRACTS.md "Families").
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { MONTHLY_GEM_CAP_MAX, type FamilyChild } from '@kidslearn/contracts';
import { messages } from '../messages';

const m = messages.family;

/** invited: the mail went out, nobody answered; consented: the parent agreed; withdrawn: the parent took it back. */
export type LinkStatus = 'invited' | 'consented' | 'withdrawn';

export interface FamilyLinkRecord {
  linkId: string;
  childEmail: string;
  childName: string;
  parentEmail: string;
  status: LinkStatus;
  invitedAt: Date;
  /** the invitation's link stops working then */
  expiresAt: Date;
  consentedAt: Date | null;
  approveGifts: boolean;
  monthlyGemCap: number | null;
  /** raised by every change the other services learn of (family.linked / family.unlinked): the newest wins there */
  version: number;
}

export const parentEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email({ error: m.parentEmailInvalid }));

export const settingsSchema = z
  .object({
    approveGifts: z.boolean({ error: m.approveGiftsInvalid }).optional(),
    monthlyGemCap: z.number({ error: m.capInvalid }).int({ error: m.capInvalid }).min(0, { error: m.capInvalid }).max(MONTHLY_GEM_CAP_MAX, { error: m.capInvalid }).nullable().optional(),
  })
  .strict();
export type SettingsChange = z.infer<typeof settingsSchema>;

/** A fresh invitation token (the mail's link carries it) and what is stored: its hash only. */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token) };
}

export const hashInviteToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Whether the invitation can still be answered at `now`. */
export const isOpenInvitation = (link: FamilyLinkRecord, now: Date): boolean => link.status === 'invited' && link.expiresAt.getTime() > now.getTime();

export function toFamilyChild(link: FamilyLinkRecord, img: string | null): FamilyChild {
  return {
    linkId: link.linkId,
    name: link.childName,
    img,
    consentedAt: (link.consentedAt ?? link.invitedAt).toISOString(),
    approveGifts: link.approveGifts,
    monthlyGemCap: link.monthlyGemCap,
  };
}

/** Where links live (data-access/family-store.ts): each change the other services learn of leaves with its write. */
export interface FamilyStore {
  byChild(childEmail: string): Promise<FamilyLinkRecord | null>;
  byToken(tokenHash: string): Promise<FamilyLinkRecord | null>;
  /** the parent's consented link, or null */
  ofParent(parentEmail: string, linkId: string): Promise<FamilyLinkRecord | null>;
  childrenOf(parentEmail: string): Promise<FamilyLinkRecord[]>;
  /** A new invitation replacing one not agreed to; 'consented' (nothing written) when a parent has agreed. */
  invite(child: { email: string; name: string }, parentEmail: string, tokenHash: string, now: Date, expiresAt: Date): Promise<'invited' | 'consented'>;
  /** invited → consented (family.linked); null when the invitation was not open. */
  consent(linkId: string, parentEmail: string, now: Date): Promise<FamilyLinkRecord | null>;
  /** family.linked again; null when not the parent's consented link any more. */
  changeSettings(link: FamilyLinkRecord, change: SettingsChange): Promise<FamilyLinkRecord | null>;
  /** consented → withdrawn (family.unlinked). */
  withdraw(link: FamilyLinkRecord): Promise<boolean>;
  removeChild(childEmail: string): Promise<void>;
  removeExpired(now: Date): Promise<number>;
  exportOf(childEmail: string): Promise<Record<string, unknown> | null>;
}

export interface FamilyMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export type SendMail = (mail: FamilyMail) => Promise<void>;
