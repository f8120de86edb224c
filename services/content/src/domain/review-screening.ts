import { BLOCKED_PHRASES, BLOCKED_STEMS, BLOCKED_WORDS, CONTACT_WORDS, LINK_TLDS } from './review-blocklist';

/** Why a review was held back for an admin. */
export type HoldReason = 'email' | 'link' | 'phone' | 'contact' | 'language';

// name@host.tld, also spelled "name(at)host(dot)tld" or "name [at] host dot tld".
const EMAIL = /[a-z0-9._%+-]+(?:@|\s*[([]at[)\]]\s*)[a-z0-9-]+(?:(?:\.|\s*[([]dot[)\]]\s*|\s+dot\s+)[a-z0-9-]+)+/i;
const URL_WITH_SCHEME = /\b(?:https?:\/\/|www\.)\S/i;
const DOMAIN = new RegExp(`\\b[a-z0-9][a-z0-9-]+\\.(?:${LINK_TLDS.join('|')})\\b`, 'i');
const DOT_COM = /(?:\bdot|\s\.)\s*(?:com|net|org)\b/i;
// Seven digits or more, possibly split by spaces, dots, dashes, slashes or brackets: a phone number.
const PHONE = /(?:\+|\b)\d(?:[\s()./-]{0,3}\d){6,}/;
// "@name" that is not the middle of an email address: a social-media handle.
const HANDLE = /(?:^|[^a-z0-9._%+-])@[a-z0-9_.]{2,}/i;

const LOOK_ALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '@': 'a', '5': 's', $: 's', '7': 't' };
const words = new Set<string>(BLOCKED_WORDS);
const contactWords = new Set<string>(CONTACT_WORDS);

/**
 * Lower case, accents off, look-alike characters to letters (when asked); everything else that is not a
 * letter separates words.
 */
function fold(text: string, lookAlikes = true): string[] {
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return (lookAlikes ? plain.replace(/[0-9@$]/g, (c) => LOOK_ALIKES[c] ?? c) : plain).split(/[^a-z]+/).filter(Boolean);
}

/** The word as written, and with stretched letters shortened ("fuuuuck" → "fuuck", "fuck"). */
const spellings = (word: string) => [word, word.replace(/(.)\1{2,}/g, '$1$1'), word.replace(/(.)\1{2,}/g, '$1')];

/** Runs of single letters read as one word ("f u c k", "s.h.i.t"); digits are left out ("4 5 5" is maths). */
function spelledOut(text: string): string[] {
  const joined: string[] = [];
  let run = '';
  for (const token of [...fold(text, false), '']) {
    if (token.length === 1) run += token;
    else {
      if (run.length > 1) joined.push(run);
      run = '';
    }
  }
  return joined;
}

const isBlocked = (word: string) => spellings(word).some((spelling) => words.has(spelling) || BLOCKED_STEMS.some((stem) => spelling.startsWith(stem)));

function hasBadLanguage(text: string): boolean {
  const tokens = fold(text);
  const sentence = ` ${tokens.join(' ')} `;
  return [...tokens, ...spelledOut(text)].some(isBlocked) || BLOCKED_PHRASES.some((phrase) => sentence.includes(` ${phrase} `));
}

/**
 * Checks what a visitor posts before it can reach the landing page: contact details (email address,
 * web address, phone number, messenger names or handles) and insults, slurs or sexual words, in the
 * name, the title and the message. Returns why the review must wait for an admin, or null.
 */
export function screenReview(review: { name?: string; title?: string; message: string }): HoldReason | null {
  const text = [review.name, review.title, review.message].filter(Boolean).join('\n');
  if (EMAIL.test(text)) return 'email';
  if (URL_WITH_SCHEME.test(text) || DOMAIN.test(text) || DOT_COM.test(text)) return 'link';
  if (PHONE.test(text)) return 'phone';
  if (HANDLE.test(text) || fold(text).some((word) => contactWords.has(word))) return 'contact';
  if (hasBadLanguage(text)) return 'language';
  return null;
}
