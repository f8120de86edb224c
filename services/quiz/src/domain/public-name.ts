import { messages } from '../messages';

const EMAIL_LIKE = /\S+@\S+/g;

/**
 * The name other learners see in the standings: a first name and the initial of the last word
 * ("Rita Reader" → "Rita R."), never a full name and never an email address (token names fall back
 * to the email, and a learner can type one into their profile). Email-like words are removed first;
 * when nothing is left a neutral "Learner" is shown.
 */
export function publicName(name: string): string {
  const words = name.replace(EMAIL_LIKE, ' ').trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return messages.anonymousLearner;
  const last = rest[rest.length - 1];
  const initial = last ? Array.from(last)[0]?.toLocaleUpperCase() : undefined;
  return initial ? `${first} ${initial}.` : first;
}
