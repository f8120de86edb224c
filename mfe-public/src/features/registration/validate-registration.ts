import { messages } from '../../messages';

/** SPEC §5: at least 8 characters with a digit, a lowercase and an uppercase letter (no symbol is checked). */
export const isStrongPassword = (password: string) =>
  password.length >= 8 && /\d/.test(password) && /[a-z]/.test(password) && /[A-Z]/.test(password);

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  terms: boolean;
  photo: File | null;
}

/** The first problem with the form, worded as SPEC §5 says, or null. */
export function registrationError(input: RegistrationInput): string | null {
  if (!input.photo) return messages.registration.photoRequired;
  if (!isStrongPassword(input.password)) return messages.registration.passwordRule;
  if (!input.terms) return messages.registration.termsRequired;
  return null;
}
