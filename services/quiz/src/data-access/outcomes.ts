import type { Redis } from 'ioredis';
import { mark } from '@kidslearn/lib-core';

// CONTRACTS "Waiting for an outcome": the consumer records the outcome in the attempt and announces
// it on `outcome:<id>` with the value it recorded (`gems:<total>`); the HTTP handler listens, answers
// that value (no second database read on the hot path) and gives up after a timeout. An announcement
// without a value it understands (an older instance) makes it re-read its own document instead.
// Redis only speeds this up: while it is unreachable the announcement is skipped and the waiter
// re-reads the document every POLL_MS instead (the outcome is in the database either way).
export const outcomeChannel = (id: string) => `outcome:${id}`;
const POLL_MS = 250;

const ANNOUNCED_GEMS = /^gems:(0|[1-9]\d{0,8})$/;
export const gemsAnnouncement = (gems: number): string => `gems:${gems}`;
/** The gem total an announcement carries, or null when it carries none. */
export const announcedGems = (message: string): number | null => {
  const match = ANNOUNCED_GEMS.exec(message);
  return match ? Number(match[1]) : null;
};

/** Best effort: the outcome is already stored; a Redis outage must not make the consumer retry. */
export async function announceOutcome(redis: Redis, id: string, gems: number): Promise<void> {
  await redis.publish(outcomeChannel(id), gemsAnnouncement(gems)).catch(() => undefined);
}

/** `subscriber` is a dedicated connection (a subscribed connection cannot run other commands). */
export function createOutcomeWaiter(subscriber: Redis) {
  const waiting = new Map<string, (message: string) => void>();
  subscriber.on('message', (channel: string, message: string) => {
    mark('quiz.woken', channel.slice('outcome:'.length));
    waiting.get(channel)?.(message);
  });

  return {
    /**
     * Resolves with the value announced for `id` (`fromAnnouncement` reads it out of the message), or with
     * `read()` once it returns a value, or with its last answer after `timeoutMs`.
     */
    async waitFor<T>(id: string, timeoutMs: number, read: () => Promise<T | null>, fromAnnouncement: (message: string) => T | null = () => null): Promise<T | null> {
      const channel = outcomeChannel(id);
      const deadline = Date.now() + timeoutMs;
      // An announcement that lands while `read()` is in flight must not be lost (it would cost the whole
      // timeout): outside a sleep, waking only notes it, and the loop reads again at once.
      let signalled = false;
      let announced: T | null = null;
      const note = () => {
        signalled = true;
      };
      let wake: () => void = note;
      waiting.set(channel, (message) => {
        announced ??= fromAnnouncement(message);
        wake();
      });
      const subscribed = await subscriber.subscribe(channel).then(
        () => true,
        () => false,
      );
      try {
        // Read after subscribing: an outcome recorded before is seen now, one recorded later wakes us.
        for (;;) {
          signalled = false;
          if (announced !== null) {
            mark('quiz.outcome.announced', id);
            return announced;
          }
          const value = await read();
          mark(value === null ? 'quiz.read.unsettled' : 'quiz.read.settled', id);
          const left = deadline - Date.now();
          if (value !== null) return value;
          if (announced !== null) return announced;
          if (left <= 0) return value;
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
