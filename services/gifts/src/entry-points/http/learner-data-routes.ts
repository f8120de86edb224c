import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { LearnerDataStore } from '../../domain/ports';
import { parseOr400 } from './parse';

const emailParam = z.string().trim().toLowerCase().pipe(z.email('email must be a valid email address'));

/**
 * GET /learner-data/{email}: everything gifts holds about the learner, for the learner's export (content
 * gathers it with the caller's token). Not routed by the gateway; the learner themself, an admin or their linked parent.
 */
export function learnerDataRoutes(learnerData: LearnerDataStore, selfOrAdmin: RequestHandler[]): Router {
  const router = Router();
  router.get('/learner-data/:email', ...selfOrAdmin, async (req, res) => {
    const email = parseOr400(emailParam, req.params.email);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ service: 'gifts', ...(await learnerData.exportOf(email)) });
  });
  return router;
}
