import type { EventHandlers } from '@kidslearn/lib-events';
import type { FamilyLinks } from '@kidslearn/lib-service';
import { declineOrphanedRequests, type DeclineOrphanedDeps } from '../../use-cases/decline-orphaned';

/**
 * Families: content's `family.linked` / `family.unlinked` keep lib-service's replica of the links (consent, "Approve
 * gifts", the monthly cap). An unlink also declines the child's requests still waiting for that parent.
 */
export function familyHandlers(links: Pick<FamilyLinks, 'handlers'>, deps: DeclineOrphanedDeps): EventHandlers {
  return {
    'family.linked': links.handlers['family.linked'],
    'family.unlinked': async (event) => {
      await links.handlers['family.unlinked'](event);
      await declineOrphanedRequests(deps, event.data.childEmail);
    },
  };
}
