import { isStrongPassword } from '../../domain/password-rule';
import { messages } from '../../messages';

const text = messages.consent.signUp;

export interface ParentForm {
  name: string;
  password: string;
  confirm: string;
}

export type ParentFormErrors = Partial<Record<keyof ParentForm, string>>;

/** Each field's problem (the registration's password rule and wording); empty when the form may be sent. */
export function parentFormErrors(form: ParentForm): ParentFormErrors {
  const errors: ParentFormErrors = {};
  if (!form.name.trim()) errors.name = text.nameRequired;
  if (!isStrongPassword(form.password)) errors.password = text.passwordRule;
  else if (form.confirm !== form.password) errors.confirm = text.mismatch;
  return errors;
}
