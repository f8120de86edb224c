import { Redis } from 'ioredis';
import type { Logger } from '@kidslearn/lib-core';

export type { Redis };

/**
 * A client that connects in the background and reconnects on its own; ping() for readiness.
 * Every use of Redis is best effort (cache, outcome waiting, idempotency, rate limits), so a command
 * fails within about a second while Redis is unreachable instead of holding the request.
 *
 * Auto-pipelining (ioredis): the commands asked for in one turn of the event loop, and those asked for while a batch
 * is on its way, leave together in one write. Under load a request's rate-limit count, cache reads and outcome
 * announcements then share writes with the other requests' (each write to a socket is a system call, most of the
 * Redis client's CPU in a profile of the learners drill); idle, a command leaves at the end of its turn.
 */
export function connectRedis(url: string, logger: Logger, { commandTimeoutMs = 1000 }: { commandTimeoutMs?: number } = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    enableAutoPipelining: true,
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
