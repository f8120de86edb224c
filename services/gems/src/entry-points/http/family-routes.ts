import { Router, type RequestHandler } from 'express';
import type { ChildGems } from '@kidslearn/contracts';
import { CHILD_GEM_LINES, childGemLines } from '../../domain/child-gems';
import type { BalanceStore } from '../../domain/ports';

export interface FamilyRouteDeps {
  balances: Pick<BalanceStore, 'historyOf'>;
  /** authenticated, a parent, and the route's :linkId is a link of theirs (lib-service requireParentOf: res.locals.familyLink) */
  parentOfChild: RequestHandler[];
}

/** Families (issue 24): what a parent reads about a linked child's gems. */
export function familyRoutes({ balances, parentOfChild }: FamilyRouteDeps): Router {
  const router = Router();

  router.get('/family/children/:linkId/gems', ...parentOfChild, async (_req, res) => {
    const link = res.locals.familyLink;
    if (!link) throw new Error('the route runs only behind requireParentOf'); // a wiring mistake: 500
    const { childEmail } = link;
    const history = await balances.historyOf(childEmail, CHILD_GEM_LINES);
    const body: ChildGems = { balance: history.gems, lines: childGemLines(history.entries) };
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(body);
  });

  return router;
}
