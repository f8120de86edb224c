import { Router, type RequestHandler } from 'express';
import { validate, validInput } from '@kidslearn/lib-http';
import type { BalanceStore } from '../../domain/ports';
import { deductByAdmin } from '../../use-cases/adjust-balance';
import { deductBody, emailParams } from './schemas';

export interface GemsRouteDeps {
  balances: BalanceStore;
  /** authenticated and the route's :email is the caller's own email, or an admin */
  selfOrAdmin: RequestHandler[];
  admin: RequestHandler[];
  /** Idempotency-Key replay for the write route */
  idempotent: RequestHandler[];
}

export function gemsRoutes({ balances, selfOrAdmin, admin, idempotent }: GemsRouteDeps): Router {
  const router = Router();

  router.get('/gems/:email', ...selfOrAdmin, validate({ params: emailParams }), async (req, res) => {
    const { params } = validInput(req, { params: emailParams });
    const balance = await balances.find(params.email);
    res.json({ email: params.email, gems: balance?.gems ?? 0 });
  });

  router.get('/gems/:email/ledger', ...selfOrAdmin, validate({ params: emailParams }), async (req, res) => {
    const { params } = validInput(req, { params: emailParams });
    const ledger = await balances.ledgerOf(params.email);
    const entries = ledger.entries.map(({ ref, kind, amount, balance: after, lessonId, at }) => ({
      ref,
      kind,
      amount,
      balance: after,
      ...(lessonId ? { lessonId } : {}),
      at: new Date(at).toISOString(),
    }));
    res.json({ email: params.email, gems: ledger.gems, entries });
  });

  // Admin-only manual correction; learners redeem through POST /redemptions (gifts service).
  const deductSchemas = { params: emailParams, body: deductBody };
  router.patch('/gems/:email/deduct', ...admin, validate(deductSchemas), ...idempotent, async (req, res) => {
    const { params, body } = validInput(req, deductSchemas);
    const gems = await deductByAdmin(balances, params.email, body.cost, req.auth.email);
    res.json({ gems });
  });

  return router;
}
