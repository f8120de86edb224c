import type { Redis } from 'ioredis';

export interface Cache {
  /** Cached JSON value under `prefix + key`, else loader() stored for ttlSeconds. */
  getOrLoad<T>(key: string, ttlSeconds: number, loader: () => Promise<T>): Promise<T>;
  /** Drops `key`: one DEL, whatever the size of the keyspace (events call this on every change). */
  invalidate(key: string): Promise<number>;
  /**
   * Drops every key starting with `prefix` (`''`: everything under the cache's prefix). It scans the
   * whole keyspace, so it is for rare, administrative clears, never the hot path.
   */
  invalidatePrefix(prefix: string): Promise<number>;
}

/**
 * Read-through JSON cache. Invalidation is driven by events (a consumer of `lesson.created`
 * calls invalidate('lessons')); the TTL only bounds staleness if an event is missed.
 * Redis failures fall through to the loader: the cache is never a point of failure.
 */
export function createCache(redis: Redis, { prefix }: { prefix: string }): Cache {
  return {
    async getOrLoad<T>(key: string, ttlSeconds: number, loader: () => Promise<T>): Promise<T> {
      const full = prefix + key;
      const hit = await redis.get(full).catch(() => null);
      if (hit !== null) return JSON.parse(hit) as T;
      const value = await loader();
      if (value !== undefined && ttlSeconds > 0) {
        await redis.set(full, JSON.stringify(value), 'EX', ttlSeconds).catch(() => undefined);
      }
      return value;
    },

    // Best effort: the write that calls this has committed; a Redis outage must not fail it (the TTL bounds staleness).
    invalidate: (key: string) => redis.del(prefix + key).catch(() => 0),

    async invalidatePrefix(keyPrefix: string): Promise<number> {
      const pattern = `${escapeGlob(prefix + keyPrefix)}*`;
      let removed = 0;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        cursor = next;
        if (keys.length) removed += await redis.del(...keys);
      } while (cursor !== '0');
      return removed;
    },
  };
}

/** Redis MATCH reads * ? [ ] and the backslash as glob syntax. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
