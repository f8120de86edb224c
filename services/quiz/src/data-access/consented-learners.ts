import type { FamilyLinks } from '@kidslearn/lib-service';

/**
 * PARENT_CONSENT=required: the learners a parent consented for (a current link in this service's copy of the
 * links), read when a standings list or ranking is built (then cached with it). One small collection: a link
 * per child.
 */
export function consentedLearners(links: Pick<FamilyLinks, 'model'>): () => Promise<string[]> {
  return async () => {
    const emails: unknown[] = await links.model.distinct('childEmail', { unlinked: false }).exec();
    return emails.filter((email): email is string => typeof email === 'string');
  };
}
