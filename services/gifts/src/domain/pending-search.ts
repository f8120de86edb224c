// The admin's search of pending parcels (SPEC §2 redem-pending: "Search by gift, name, city or email").

/** The redemption document's fields the search looks in. */
export const PENDING_SEARCH_FIELDS = ['giftName', 'address.name', 'address.city', 'email'] as const;

/**
 * The typed text as a case-insensitive pattern that matches it literally: every regex character is escaped,
 * so '.*' or '(a+)+$' is text to find, never a pattern an admin (or a forged request) could inject.
 */
export function literalPattern(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}
