import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { validate, validInput } from '@kidslearn/lib-http';
import type { LearnerDataStore } from '../../domain/ports';

const params = z.object({ email: z.string().trim().toLowerCase().pipe(z.email('email must be a valid email address')) });

/**
 * GET /learner-data/{email}: everything quiz holds about the learner, for the learner's export (content
 * gathers it with the caller's token). Not routed by the gateway; the learner themself or an admin.
 */
export function learnerDataRoutes({ learnerData, selfOrAdmin }: { learnerData: LearnerDataStore; selfOrAdmin: RequestHandler[] }): Router {
  const router = Router();
  router.get('/learner-data/:email', ...selfOrAdmin, validate({ params }), async (req, res) => {
    const { params: valid } = validInput(req, { params });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ service: 'quiz', ...(await learnerData.exportOf(valid.email)) });
  });
  return router;
}
