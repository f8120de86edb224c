// What a log line must never carry (ARCHITECTURE "Children's data": logs carry ids, never emails, names,
// addresses or photo URLs). Two layers: fields known to hold personal data are redacted by name wherever a
// log call passes them, and any email address left in a line (an error message, a URL) is masked on the
// way out, whatever wrote it.

/** Field names that hold personal data in this code base (users, redemption addresses, reviews, events). */
export const PERSONAL_FIELDS = ['email', 'address', 'address1', 'address2', 'phone', 'postalCode', 'city', 'notes', 'img', 'photoUrl', 'userName', 'recipient'] as const;

/** pino redact paths: each personal field at the top level and one or two levels down. */
export const personalDataPaths: string[] = PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]).concat(['*.name', '*.*.name', 'userInfo', '*.userInfo']);

// An email address, also percent-encoded (`kid%40school.org` in a logged URL) or JSON-escaped.
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** The text with every email address replaced by a marker. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}
