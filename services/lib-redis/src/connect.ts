import { Redis } from 'ioredis';
import type { Logger } from '@kidslearn/lib-core';

export type { Redis };

/** A client that connects in the background and reconnects on its own; ping() for readiness. */
export function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 3,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis error'));
  redis.on('ready', () => logger.info('redis ready'));
  return redis;
}

export function redisReady(redis: Redis): () => Promise<void> {
  return async () => {
    await redis.ping();
  };
}
