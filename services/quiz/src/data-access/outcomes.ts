import type { Redis } from 'ioredis';
import { mark } from '@kidslearn/lib-core';

// CONTRACTS "Waiting for an outcome": the consumer records the outcome in the attempt and announces
// it on `outcome:<id>`; the HTTP handler listens, re-reads its own document and gives up after a timeout.
// Redis only speeds this up: while it is unreachable the announcement is skipped and the waiter
// re-reads the document every POLL_MS instead (the outcome is in the database either way).
export const outcomeChannel = (id: string) => `outcome:${id}`;
const POLL_MS = 250;

/** Best effort: the outcome is already stored; a Redis outage must not make the consumer retry. */
export async function announceOutcome(redis: Redis, id: string): Promise<void> {
  await redis.publish(outcomeChannel(id), '1').catch(() => undefined);
}

/** `subscriber` is a dedicated connection (a subscribed connection cannot run other commands). */
export function createOutcomeWaiter(subscriber: Redis) {
  const waiting = new Map<string, () => void>();
  subscriber.on('message', (channel: string) => {
    mark('quiz.woken', channel.slice('outcome:'.length));
    waiting.get(channel)?.();
  });

  return {
    /** Resolves with `read()` once it returns a value, or with its last answer after `timeoutMs`. */
    async waitFor<T>(id: string, timeoutMs: number, read: () => Promise<T | null>): Promise<T | null> {
      const channel = outcomeChannel(id);
      const deadline = Date.now() + timeoutMs;
      // An announcement that lands while `read()` is in flight must not be lost (it would cost the whole
      // timeout): outside a sleep, waking only notes it, and the loop reads again at once.
      let signalled = false;
      const note = () => {
        signalled = true;
      };
      let wake: () => void = note;
      waiting.set(channel, () => wake());
      const subscribed = await subscriber.subscribe(channel).then(
        () => true,
        () => false,
      );
      try {
        // Read after subscribing: an outcome recorded before is seen now, one recorded later wakes us.
        for (;;) {
          signalled = false;
          const value = await read();
          mark(value === null ? 'quiz.read.unsettled' : 'quiz.read.settled', id);
          const left = deadline - Date.now();
          if (value !== null || left <= 0) return value;
          if (signalled) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, subscribed ? left : Math.min(left, POLL_MS));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = note;
        }
      } finally {
        waiting.delete(channel);
        if (subscribed) await subscriber.unsubscribe(channel).catch(() => undefined);
      }
    },
  };
}
export type OutcomeWaiter = ReturnType<typeof createOutcomeWaiter>;
