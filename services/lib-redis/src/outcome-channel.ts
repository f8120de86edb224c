import type { Redis } from 'ioredis';
import { mark } from '@kidslearn/lib-core';

// CONTRACTS "Waiting for an outcome": the consumer records the outcome in its document and announces it on
// `outcome:<id>`, with the outcome in the message when it can; the HTTP handler listens, answers what the
// announcement carries (no database read on the hot path) and gives up after a timeout. An announcement
// without a value it understands (an older instance) makes it read its own document instead.
// Redis only speeds this up: while it is unreachable the announcement is skipped and the waiter reads the
// document every POLL_MS instead (the outcome is in the database either way).
export const outcomeChannel = (id: string) => `outcome:${id}`;
const POLL_MS = 250;

/** Best effort: the outcome is already stored (or being stored); a Redis outage must not make the consumer retry. */
export async function announceOutcome(redis: Redis, id: string, message: string): Promise<void> {
  await redis.publish(outcomeChannel(id), message).catch(() => undefined);
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

/**
 * `subscriber` is a dedicated connection (a subscribed connection cannot run other commands). `name` prefixes
 * the timing marks (`<name>.woken`, `<name>.outcome.announced`, `<name>.read.settled|unsettled`).
 */
export function createOutcomeListeners(subscriber: Redis, name: string) {
  // Several requests may wait for one outcome (a retried request while the first still waits).
  const waiting = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    mark(`${name}.woken`, channel.slice('outcome:'.length));
    waiting.get(channel)?.forEach((deliver) => deliver(message));
  });

  /**
   * Subscribes to `id`'s outcome; resolves once Redis confirmed (or refused: the wait then polls). Messages
   * are kept from the start, so one that lands before wait() is not lost. `readFirst`: the outcome may already
   * have been announced (the listener opened after its event was published), so wait() reads first.
   */
  const listen = async (id: string, { readFirst = false }: { readFirst?: boolean } = {}): Promise<OutcomeListener> => {
    const channel = outcomeChannel(id);
    const messages: string[] = [];
    let wake: () => void = () => undefined;
    const deliver = (message: string) => {
      messages.push(message);
      wake();
    };
    const forChannel = waiting.get(channel) ?? new Set();
    waiting.set(channel, forChannel.add(deliver));
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
              mark(`${name}.outcome.announced`, id);
              return announced;
            }
            mustRead = true; // an announcement without a value: the outcome is in the document
          }
          const left = deadline - Date.now();
          if (mustRead || left <= 0) {
            mustRead = false;
            value = await read();
            mark(value === null ? `${name}.read.unsettled` : `${name}.read.settled`, id);
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
        forChannel.delete(deliver);
        if (forChannel.size > 0) return;
        waiting.delete(channel);
        if (subscribed) await subscriber.unsubscribe(channel).catch(() => undefined);
      },
    };
  };

  return { listen };
}
export type OutcomeListeners = ReturnType<typeof createOutcomeListeners>;
