import type { PendingRedemptionsPage } from '@kidslearn/contracts';
import { AppError } from '@kidslearn/lib-core';
import { Router, type RequestHandler } from 'express';
import { deliverRedemption } from '../../use-cases/deliver-redemption';
import { redeemGift, type RedeemGiftDeps } from '../../use-cases/redeem-gift';
import { toDto } from '../../domain/redemption';
import { messages } from '../../messages';
import { parseOr400 } from './parse';
import { deliveryBodySchema, encodePendingCursor, idempotencyKeySchema, pendingPageQuerySchema, redeemBodySchema, redemptionIdSchema } from './schemas';

export type RedemptionRouteDeps = RedeemGiftDeps;

export interface Guards {
  /** Logged-in learner (not admin); 401 says 'Please log in to redeem gifts.'. */
  learner: RequestHandler[];
  admin: RequestHandler[];
}

const emailOf = (req: Parameters<RequestHandler>[0]): string => {
  const email = req.auth?.email?.trim().toLowerCase();
  if (!email) throw AppError.forbidden();
  return email;
};

export function redemptionRoutes(deps: RedemptionRouteDeps, guards: Guards): Router {
  const router = Router();

  router.post('/redemptions', ...guards.learner, async (req, res) => {
    const body = parseOr400(redeemBodySchema, req.body);
    const idempotencyKey = parseOr400(idempotencyKeySchema, req.get('idempotency-key')) ?? null;
    const outcome = await redeemGift(deps, { email: emailOf(req), giftId: body.giftId, address: body.address, idempotencyKey });
    const redemption = toDto(outcome.redemption);
    switch (outcome.kind) {
      case 'debited':
        res.status(201).json({ redemption, gems: outcome.gems });
        return;
      case 'rejected':
        res.status(400).json({ error: messages.notEnoughGems, message: messages.notEnoughGems, code: 'not_enough_gems', gems: outcome.gems, redemption });
        return;
      case 'processing':
        res.status(202).json({ status: messages.processing, redemption });
        return;
    }
  });

  router.get('/redemptions', ...guards.admin, async (req, res) => {
    const store = deps.redemptions;
    const paged = ['limit', 'cursor', 'q'].some((name) => req.query[name] !== undefined);
    if (!paged) {
      res.json((await store.listPendingDelivery()).map(toDto));
      return;
    }
    const query = parseOr400(pendingPageQuerySchema, req.query);
    const search = query.q;
    const [items, total, matches] = await Promise.all([
      store.listPendingDelivery({ limit: query.limit, after: query.cursor, search }),
      store.countPendingDelivery(),
      search ? store.countPendingDelivery(search) : undefined,
    ]);
    const last = items.at(-1);
    // The cursor is a position in the oldest-first order, so the next page of a search is asked with the same q.
    const nextCursor = last && items.length === query.limit ? encodePendingCursor(last.createdAt, last.id) : null;
    const page: PendingRedemptionsPage = { items: items.map(toDto), total, matches: matches ?? total, nextCursor };
    res.json(page);
  });

  router.get('/redemptions/mine', ...guards.learner, async (req, res) => {
    res.json((await deps.redemptions.listByEmail(emailOf(req))).map(toDto));
  });

  router.patch('/redemptions/:id/delivery', ...guards.admin, async (req, res) => {
    const id = String(req.params.id);
    parseOr400(deliveryBodySchema, req.body);
    if (!redemptionIdSchema.safeParse(id).success) throw AppError.notFound(messages.redemptionNotFound);
    const redemption = await deliverRedemption(deps.redemptions, id);
    res.json({ redemption: toDto(redemption), message: messages.markedDelivered });
  });

  return router;
}
