import { messages } from '../messages';

const EMAIL_LIKE = /\S+@\S+/g;

/**
 * The name other learners see in the standings: never an email address (token names fall back to
 * the email, and a learner can type one into their profile). Email-like words are removed; what is
 * left, or a neutral "Learner", is shown.
 */
export function publicName(name: string): string {
  const cleaned = name.replace(EMAIL_LIKE, ' ').replace(/\s+/g, ' ').trim();
  return cleaned || messages.anonymousLearner;
}
