import { randomUUID } from 'node:crypto';
import type { ReviewView } from '../../domain/review';
import { CACHE_KEYS, type Cache } from './deps';

// Long enough never to matter; a lost generation only costs one load.
const GENERATION_SECONDS = 24 * 60 * 60;

/**
 * The landing page's review list in Redis, under a generation: CACHE_KEYS.reviews holds the current
 * generation, the list lives under `reviews:list:<generation>`. Dropping CACHE_KEYS.reviews (after a review
 * is posted, hidden or shown) starts a new generation, so a read that loaded the list just before the change
 * and stores it just after puts it under the old generation, which no one reads any more: a hidden review
 * is gone for every read that starts after the change, at once, whichever instance serves it.
 */
export async function cachedPublicReviews(cache: Cache, ttlSeconds: number, load: () => Promise<ReviewView[]>): Promise<ReviewView[]> {
  const generation = await cache.getOrLoad(CACHE_KEYS.reviews, GENERATION_SECONDS, async () => randomUUID());
  return cache.getOrLoad(`${CACHE_KEYS.reviews}:list:${generation}`, ttlSeconds, load);
}

/** Every read from now on loads the list afresh. */
export function dropPublicReviews(cache: Cache): Promise<unknown> {
  return cache.invalidate(CACHE_KEYS.reviews);
}
