import { Router, type RequestHandler } from 'express';
import { validate, validInput } from '@kidslearn/lib-http';
import type { LearnerDataStore } from '../../domain/ports';
import { emailParams } from './schemas';

/**
 * GET /learner-data/{email}: everything gems holds about the learner, for the learner's export (content
 * gathers it with the caller's token). Not routed by the gateway; the learner themself or an admin.
 */
export function learnerDataRoutes({ learnerData, selfOrAdmin }: { learnerData: LearnerDataStore; selfOrAdmin: RequestHandler[] }): Router {
  const router = Router();
  router.get('/learner-data/:email', ...selfOrAdmin, validate({ params: emailParams }), async (req, res) => {
    const { params } = validInput(req, { params: emailParams });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ service: 'gems', ...(await learnerData.exportOf(params.email)) });
  });
  return router;
}
