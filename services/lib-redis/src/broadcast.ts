import { randomUUID } from 'node:crypto';
import type { Logger } from '@kidslearn/lib-core';
import type { Redis } from './connect';

export interface Broadcast {
  /** Tells every other instance (best effort: never fails the caller). */
  publish(message: string): Promise<void>;
  /** Calls `onMessage` for what other instances publish (a dedicated connection, closed by close()). */
  subscribe(onMessage: (message: string) => void): Promise<void>;
  close(): void;
}

/**
 * A change feed between the instances of one service (Redis pub/sub on `channel`): an instance that changed
 * something tells the others, so the copies they keep in memory (caches) drop or refresh it. Best effort: a
 * message is lost while Redis is unreachable or a subscriber reconnects, so a cache fed by it also refreshes
 * itself now and then. An instance does not hear its own messages (it updated its copy with the write).
 */
export function createBroadcast(redis: Redis, channel: string, logger: Logger): Broadcast {
  const self = randomUUID();
  let subscriber: Redis | undefined;
  return {
    async publish(message) {
      await redis.publish(channel, JSON.stringify({ from: self, message })).catch((err: Error) => logger.warn({ err: err.message, channel }, 'broadcast not sent'));
    },
    async subscribe(onMessage) {
      subscriber = redis.duplicate();
      subscriber.on('error', (err: Error) => logger.warn({ err: err.message, channel }, 'broadcast subscriber error'));
      subscriber.on('message', (_channel: string, raw: string) => {
        try {
          const { from, message } = JSON.parse(raw) as { from?: unknown; message?: unknown };
          if (from !== self && typeof message === 'string') onMessage(message);
        } catch {
          // not one of ours: ignored
        }
      });
      await subscriber.subscribe(channel).catch((err: Error) => logger.warn({ err: err.message, channel }, 'broadcast not subscribed; copies refresh on their own'));
    },
    close() {
      subscriber?.disconnect();
    },
  };
}
