import { z } from 'zod';
import { messages } from '../messages';
import { parentEmailSchema } from './family';
import { detectImageType, MAX_PHOTO_BYTES, type ImageType } from './photo';

const m = messages.registration;

export interface RegistrationInput {
  fields: Record<string, unknown>;
  photo?: { buffer: Buffer; size: number };
}

export interface ValidRegistration {
  name: string;
  email: string;
  password: string;
  photo: { buffer: Buffer; contentType: ImageType };
  /** Families: the parent the child names (optional; asked to consent by mail). */
  parentEmail?: string;
}

export type RegistrationCheck = { ok: true; value: ValidRegistration } | { ok: false; message: string };

// SPEC §5: at least 8 characters with an upper-case letter, a lower-case letter and a digit (no symbol is checked).
export const passwordSchema = z
  .string()
  .min(8)
  .max(128)
  .regex(/[A-Z]/)
  .regex(/[a-z]/)
  .regex(/[0-9]/);

const nameSchema = z.string().trim().min(1, { error: m.nameRequired }).max(80, { error: m.nameTooLong });
const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
const TERMS_ACCEPTED = new Set(['true', 'on', '1', 'yes']);

const fail = (message: string): RegistrationCheck => ({ ok: false, message });

/** Checks the form in the order the registration page does, answering the first problem found. */
export function checkRegistration({ fields, photo }: RegistrationInput): RegistrationCheck {
  if (!photo || photo.size === 0) return fail(m.photoRequired);
  if (photo.size > MAX_PHOTO_BYTES) return fail(m.photoTooLarge);
  const contentType = detectImageType(photo.buffer);
  if (!contentType) return fail(m.photoType);

  const terms = fields.terms;
  if (typeof terms !== 'string' || !TERMS_ACCEPTED.has(terms.trim().toLowerCase())) return fail(m.termsRequired);

  const password = passwordSchema.safeParse(fields.password);
  if (!password.success) return fail(m.passwordRule);

  const name = nameSchema.safeParse(typeof fields.name === 'string' ? fields.name : '');
  if (!name.success) return fail(name.error.issues[0]?.message ?? m.nameRequired);

  const email = emailSchema.safeParse(fields.email);
  if (!email.success) return fail(m.emailInvalid);

  // Families (after every SPEC check, so the SPEC's messages come first): an optional parent's email.
  const rawParent = typeof fields.parentEmail === 'string' ? fields.parentEmail.trim() : '';
  let parentEmail: string | undefined;
  if (rawParent) {
    const parent = parentEmailSchema.safeParse(rawParent);
    if (!parent.success) return fail(messages.family.parentEmailInvalid);
    if (parent.data === email.data) return fail(messages.family.parentIsChild);
    parentEmail = parent.data;
  }

  return {
    ok: true,
    value: { name: name.data, email: email.data, password: password.data, photo: { buffer: photo.buffer, contentType }, ...(parentEmail ? { parentEmail } : {}) },
  };
}

/** Keycloak keeps first and last name; the token's `name` claim joins them again. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}
