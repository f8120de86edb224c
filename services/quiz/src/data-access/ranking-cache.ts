import type { Redis } from 'ioredis';
import type { RankingStore } from '../domain/family-ports';

export interface RankingCacheOptions {
  /** the keys' prefix (`<service>:rankings:`); a lesson's key is dropped with its standings (app.ts standingsChanged) */
  prefix: string;
  ttlSeconds: number;
  /** the rankings of lessons not cached, read together (one query) */
  load(lessonIds: readonly string[]): Promise<Map<string, string[]>>;
}

/**
 * Lessons' rankings cached in Redis beside their standings, read with one MGET: a parent's page asks for a child's
 * 50 lessons at once, and the database would read its bests for each. Dropped with the standings (a better result,
 * an erasure; all of them when a consent changes and consent is required); the TTL bounds a rare stale race.
 * Redis failures fall through to the database.
 */
export function rankingCache(redis: Redis, { prefix, ttlSeconds, load }: RankingCacheOptions): RankingStore {
  return {
    async rankingsOf(lessonIds) {
      const found = new Map<string, string[]>();
      if (lessonIds.length === 0) return found;
      const hits = await redis.mget(lessonIds.map((lessonId) => prefix + lessonId)).catch(() => lessonIds.map(() => null));
      const missing: string[] = [];
      lessonIds.forEach((lessonId, i) => {
        const hit = hits[i];
        if (hit) found.set(lessonId, JSON.parse(hit) as string[]);
        else missing.push(lessonId);
      });
      if (missing.length === 0) return found;
      const loaded = await load(missing);
      const store = redis.pipeline();
      for (const lessonId of missing) {
        const ranking = loaded.get(lessonId) ?? [];
        found.set(lessonId, ranking);
        store.set(prefix + lessonId, JSON.stringify(ranking), 'EX', ttlSeconds);
      }
      await store.exec().catch(() => undefined);
      return found;
    },
  };
}
