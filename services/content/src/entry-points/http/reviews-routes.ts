import { Router } from 'express';
import { validate } from '@kidslearn/lib-http';
import { createReviewSchema, type NewReview } from '../../domain/review';
import { screenReview } from '../../domain/review-screening';
import type { HttpDeps } from './deps';
import { cachedPublicReviews, dropPublicReviews } from './reviews-cache';

export function reviewsRoutes({ cache, reviews, config, rateLimits, logger, guards }: HttpDeps): Router {
  const router = Router();

  router.get('/review', async (_req, res) => {
    const list = await cachedPublicReviews(cache, config.REVIEWS_CACHE_SECONDS, () => reviews.list());
    // Browsers and shared caches ask again each time (a 304 when nothing changed): a review an admin
    // hides must leave every landing page at once. The SPA keeps its own 30 s copy (SPEC §9).
    res.setHeader('Cache-Control', 'no-cache');
    res.json(list);
  });

  // A review the blocklist holds back is stored hidden and flagged for an admin, and answered exactly like
  // any other: the poster learns nothing about the filter, and the admin has the final word.
  // Signed-in reviewers are limited per account, visitors per address (a school may share one).
  router.post('/review', guards.optionalAuth, rateLimits.review, validate({ body: createReviewSchema }), async (req, res) => {
    const input = req.valid.body as NewReview;
    const heldFor = screenReview(input);
    const review = await reviews.create(input, heldFor);
    if (heldFor) logger.info({ reviewId: review._id, reason: heldFor }, 'review held for an admin');
    else await dropPublicReviews(cache);
    res.status(201).json(review);
  });

  return router;
}
