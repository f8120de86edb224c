import type { FamilyLinkReader, MonthlySpend, ParentDecisions } from '../domain/ports';
import { releaseSpendOf } from './release-spend';

export interface DeclineOrphanedDeps {
  decisions: ParentDecisions;
  family: FamilyLinkReader;
  spend: Pick<MonthlySpend, 'release'>;
}

/**
 * family.unlinked (consent withdrawn): nobody can answer the child's requests that wait for a parent any more, so
 * they are declined — their gems come back (redemption.declined), none stays held for ever. Nothing happens while
 * the child still has a link (a newer one: its parent decides). Safe to repeat: each decline is conditional.
 */
export async function declineOrphanedRequests(deps: DeclineOrphanedDeps, childEmail: string, now = new Date()): Promise<number> {
  if (await deps.family.ofChild(childEmail)) return 0;
  let declined = 0;
  for (const request of await deps.decisions.awaitingParentOf(childEmail)) {
    const written = await deps.decisions.decline(request, now, false);
    if (!written) continue;
    await releaseSpendOf(deps.spend, written);
    declined += 1;
  }
  return declined;
}
