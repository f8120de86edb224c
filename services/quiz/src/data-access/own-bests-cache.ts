import { createHash } from 'node:crypto';
import type { Cache } from '@kidslearn/lib-redis';
import type { OwnBest } from '../domain/ports';

type StoredBest = Omit<OwnBest, 'achievedAt'> & { achievedAt: string };

/**
 * A learner's best results cached in Redis (a parent's page reads each child's on every visit, and the database
 * finds a learner's results only by reading every standings row). Keyed by a hash of the email, so no email is a
 * key name. Dropped when the learner's best changes or the learner is erased; the TTL bounds a rare stale race.
 */
export function ownBestsCache(cache: Cache, ttlSeconds: number, load: (email: string) => Promise<OwnBest[]>) {
  const keyOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32);
  return {
    async bestsOf(email: string): Promise<OwnBest[]> {
      const stored = await cache.getOrLoad<StoredBest[]>(keyOf(email), ttlSeconds, async () => (await load(email)).map((best) => ({ ...best, achievedAt: best.achievedAt.toISOString() })));
      return stored.map((best) => ({ ...best, achievedAt: new Date(best.achievedAt) }));
    },
    async forget(email: string): Promise<void> {
      await cache.invalidate(keyOf(email));
    },
  };
}
