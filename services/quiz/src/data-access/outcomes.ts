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

/** What a waiter does with an announcement: the value it carries, or null (then the waiter reads). */
type FromAnnouncement<T> = (message: string) => T | null;

/** A subscription to one outcome, open from before its event is published until close(). */
export interface OutcomeListener {
  /**
   * Resolves with the value announced (`fromAnnouncement` reads it out of the message), or with `read()` once
   * it returns a value, or with its last answer after `timeoutMs`. No first read while subscribed: the
   * listener was open before the outcome could exist, so an announcement cannot have been missed.
   */
  wait<T>(timeoutMs: number, read: () => Promise<T | null>, fromAnnouncement?: FromAnnouncement<T>): Promise<T | null>;
  close(): Promise<void>;
}

/** `subscriber` is a dedicated connection (a subscribed connection cannot run other commands). */
export function createOutcomeWaiter(subscriber: Redis) {
  const waiting = new Map<string, (message: string) => void>();
  subscriber.on('message', (channel: string, message: string) => {
    mark('quiz.woken', channel.slice('outcome:'.length));
    waiting.get(channel)?.(message);
  });

  /**
   * Subscribes to `id`'s outcome; resolves once Redis confirmed (or refused: the wait then polls). Messages
   * are kept from the start, so one that lands before wait() is not lost.
   */
  const listen = async (id: string, readFirst = false): Promise<OutcomeListener> => {
    const channel = outcomeChannel(id);
    const messages: string[] = [];
    let wake: () => void = () => undefined;
    waiting.set(channel, (message) => {
      messages.push(message);
      wake();
    });
    const subscribed = await subscriber.subscribe(channel).then(
      () => true,
      () => false,
    );
    return {
      async wait<T>(timeoutMs: number, read: () => Promise<T | null>, fromAnnouncement: FromAnnouncement<T> = () => null): Promise<T | null> {
        const deadline = Date.now() + timeoutMs;
        // Unsubscribed (Redis unreachable) the document is the only source: read it first and every POLL_MS.
        let mustRead = readFirst || !subscribed;
        let value: T | null = null;
        for (;;) {
          for (const message of messages.splice(0)) {
            const announced = fromAnnouncement(message);
            if (announced !== null) {
              mark('quiz.outcome.announced', id);
              return announced;
            }
            mustRead = true; // an announcement without a value: the outcome is in the document
          }
          const left = deadline - Date.now();
          if (mustRead || left <= 0) {
            mustRead = false;
            value = await read();
            mark(value === null ? 'quiz.read.unsettled' : 'quiz.read.settled', id);
            if (value !== null || left <= 0) return value;
            // An announcement that landed while reading is looked at before sleeping.
            if (messages.length > 0) continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.max(0, subscribed ? left : Math.min(left, POLL_MS)));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = () => undefined;
          if (!subscribed) mustRead = true;
        }
      },
      async close() {
        waiting.delete(channel);
        if (subscribed) await subscriber.unsubscribe(channel).catch(() => undefined);
      },
    };
  };

  return {
    listen: (id: string) => listen(id),
    /** For an outcome that may already be recorded: subscribes, reads once, then waits as a listener does. */
    async waitFor<T>(id: string, timeoutMs: number, read: () => Promise<T | null>, fromAnnouncement?: FromAnnouncement<T>): Promise<T | null> {
      const listener = await listen(id, true);
      try {
        return await listener.wait(timeoutMs, read, fromAnnouncement);
      } finally {
        await listener.close();
      }
    },
  };
}
export type OutcomeWaiter = ReturnType<typeof createOutcomeWaiter>;
