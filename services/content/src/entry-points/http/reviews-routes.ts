import { Router } from 'express';
import { validate } from '@kidslearn/lib-http';
import { createReviewSchema, type NewReview } from '../../domain/review';
import { CACHE_KEYS, type HttpDeps } from './deps';

export function reviewsRoutes({ cache, reviews, config, rateLimits }: HttpDeps): Router {
  const router = Router();

  router.get('/review', async (_req, res) => {
    const list = await cache.getOrLoad(CACHE_KEYS.reviews, config.REVIEWS_CACHE_SECONDS, () => reviews.list());
    res.setHeader('Cache-Control', `public, max-age=${config.REVIEWS_CACHE_SECONDS}`);
    res.json(list);
  });

  router.post('/review', rateLimits.review, validate({ body: createReviewSchema }), async (req, res) => {
    const review = await reviews.create(req.valid.body as NewReview);
    await cache.invalidate(CACHE_KEYS.reviews);
    res.status(201).json(review);
  });

  return router;
}
