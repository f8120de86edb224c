import type { FamilyLinks } from '@kidslearn/lib-service';
import { AppError } from '@kidslearn/lib-core';
import { Router, type RequestHandler } from 'express';
import type { RedemptionStore } from '../../domain/ports';
import { toDto } from '../../domain/redemption';
import { messages } from '../../messages';
import { approveGift, declineGift, type DecideGiftDeps } from '../../use-cases/decide-gift';
import { parseOr400 } from './parse';
import { addressSchema, redemptionIdSchema } from './schemas';

export interface FamilyRouteDeps extends DecideGiftDeps {
  redemptions: RedemptionStore;
  links: Pick<FamilyLinks, 'requireParentOf'>;
}

/**
 * Families (issue 24), a parent's side of their children's gift requests: the list, and the decision on one that
 * waits for them. Another parent's child or request is answered exactly like none (404 'Child not found').
 */
export function familyRoutes(deps: FamilyRouteDeps, guards: { authenticate: RequestHandler; parent: RequestHandler[] }): Router {
  const router = Router();
  const redemptionId = (raw: unknown): string => {
    const id = redemptionIdSchema.safeParse(raw);
    if (!id.success) throw AppError.notFound(messages.childNotFound);
    return id.data;
  };

  router.get('/family/children/:linkId/redemptions', guards.authenticate, deps.links.requireParentOf('linkId'), async (_req, res) => {
    const link = res.locals.familyLink;
    if (!link) throw AppError.notFound(messages.childNotFound);
    res.setHeader('Cache-Control', 'no-store');
    res.json((await deps.redemptions.listByEmail(link.childEmail)).map(toDto));
  });

  // The body is the confirmed address, checked as the redeem form's (400 naming the field, nothing changed).
  router.post('/family/redemptions/:redemptionId/approval', ...guards.parent, async (req, res) => {
    const id = redemptionId(req.params.redemptionId);
    const address = parseOr400(addressSchema, req.body);
    res.json(toDto(await approveGift(deps, req.auth.email, id, address)));
  });

  router.post('/family/redemptions/:redemptionId/decline', ...guards.parent, async (req, res) => {
    res.json(toDto(await declineGift(deps, req.auth.email, redemptionId(req.params.redemptionId))));
  });

  return router;
}
