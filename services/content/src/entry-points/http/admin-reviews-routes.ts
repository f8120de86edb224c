import { Router } from 'express';
import { AppError } from '@kidslearn/lib-core';
import { validate } from '@kidslearn/lib-http';
import { adminReviewsQuerySchema, reviewIdParamsSchema, setReviewHiddenSchema, type AdminReviewsQuery } from '../../domain/review';
import { messages } from '../../messages';
import type { HttpDeps } from './deps';
import { dropPublicReviews } from './reviews-cache';

/** Review moderation (beyond SPEC: the dashboard's Reviews page). Admins only. */
export function adminReviewsRoutes({ guards, reviews, cache, logger }: HttpDeps): Router {
  const router = Router();

  router.get('/admin/reviews', guards.authenticate, guards.requireAdmin, validate({ query: adminReviewsQuerySchema }), async (req, res) => {
    const { page, limit } = req.valid.query as AdminReviewsQuery;
    const { items, total } = await reviews.page({ page, limit });
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ items, total, page, limit });
  });

  router.patch(
    '/admin/reviews/:id',
    guards.authenticate,
    guards.requireAdmin,
    validate({ params: reviewIdParamsSchema, body: setReviewHiddenSchema }),
    async (req, res) => {
      const { id } = req.valid.params as { id: string };
      const { hidden } = req.valid.body as { hidden: boolean };
      const review = await reviews.setHidden(id, hidden);
      if (!review) throw AppError.notFound(messages.review.notFound);
      await dropPublicReviews(cache);
      logger.info({ reviewId: id, hidden, by: req.auth?.sub }, 'review moderated');
      res.json(review);
    },
  );

  return router;
}
