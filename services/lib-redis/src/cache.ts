import type { Redis } from 'ioredis';

export interface Cache {
  /** Cached JSON value under `prefix + key`, else loader() stored for ttlSeconds. */
  getOrLoad<T>(key: string, ttlSeconds: number, loader: () => Promise<T>): Promise<T>;
  /**
   * Drops `key` and every `key:…` below it (`invalidate('lessons')` also clears `lessons:42`);
   * `''` clears everything under the cache's prefix; a trailing `*` is a glob.
   */
  invalidate(keyOrPrefix: string): Promise<number>;
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

    async invalidate(keyOrPrefix: string): Promise<number> {
      let removed = 0;
      let pattern: string;
      if (keyOrPrefix.endsWith('*')) {
        pattern = prefix + keyOrPrefix;
      } else {
        if (keyOrPrefix) removed += await redis.del(prefix + keyOrPrefix);
        pattern = prefix + keyOrPrefix + (keyOrPrefix === '' || keyOrPrefix.endsWith(':') ? '*' : ':*');
      }
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 200);
        cursor = next;
        if (keys.length) removed += await redis.del(...keys);
      } while (cursor !== '0');
      return removed;
    },
  };
}
