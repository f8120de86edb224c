import { Router, type RequestHandler } from 'express';
import { childLearning, type ChildLearningDeps } from '../../use-cases/child-learning';

export interface FamilyRouteDeps extends ChildLearningDeps {
  /** authenticated, a parent, and the route's :linkId is a link of theirs (lib-service requireParentOf: res.locals.familyLink) */
  parentOfChild: RequestHandler[];
}

/** Families (issue 24): what a parent reads about a linked child's learning. */
export function familyRoutes(deps: FamilyRouteDeps): Router {
  const router = Router();

  router.get('/family/children/:linkId/learning', ...deps.parentOfChild, async (_req, res) => {
    const link = res.locals.familyLink;
    if (!link) throw new Error('the route runs only behind requireParentOf'); // a wiring mistake: 500
    const body = await childLearning(deps, link.childEmail);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(body);
  });

  return router;
}
