import type { Redis } from 'ioredis';
import { mark } from '@kidslearn/lib-core';

// CONTRACTS "Waiting for an outcome": the consumer records the outcome in its document and announces it on its
// service's outcome channel (`outcomes:<service>`, the message `<id> <outcome>`); the HTTP handler listens, answers
// what the announcement carries (no database read on the hot path) and gives up after a timeout. An announcement
// without a value it understands makes it read its own document instead.
// Every instance subscribes to its service's channel once, at start, rather than to one channel per request: a
// request's wait then costs Redis nothing but the announcement (two round trips fewer per request). Every instance
// hears every announcement of its service and keeps those its requests wait for.
// Redis only speeds this up: while the subscription is not up the waiter reads the document every POLL_MS instead
// (the outcome is in the database either way).
export const outcomeChannel = (service: string) => `outcomes:${service}`;
const POLL_MS = 250;

/** Best effort: the outcome is already stored (or being stored); a Redis outage must not make the consumer retry. */
export async function announceOutcome(redis: Redis, service: string, id: string, message: string): Promise<void> {
  await redis.publish(outcomeChannel(service), `${id} ${message}`).catch(() => undefined);
}

/** What a waiter does with an announcement: the value it carries, or null (then the waiter reads). */
type FromAnnouncement<T> = (message: string) => T | null;

/** A wait for one outcome, open from before its event is published until close(). */
export interface OutcomeListener {
  /**
   * Resolves with the value announced (`fromAnnouncement` reads it out of the message), or with `read()` once
   * it returns a value, or with its last answer after `timeoutMs`. No first read while subscribed: the
   * listener was open before the outcome could exist, so an announcement cannot have been missed.
   */
  wait<T>(timeoutMs: number, read: () => Promise<T | null>, fromAnnouncement?: FromAnnouncement<T>): Promise<T | null>;
  close(): Promise<void>;
}

interface Waiting {
  deliver(message: string): void;
  /** Wakes the wait (the subscription was lost: it reads from now on). */
  wake(): void;
}

/**
 * `subscriber` is a dedicated connection (a subscribed connection cannot run other commands). `service` names the
 * channel (announceOutcome's) and prefixes the timing marks (`<service>.woken`, `<service>.outcome.announced`,
 * `<service>.read.settled|unsettled`).
 */
export function createOutcomeListeners(subscriber: Redis, service: string) {
  const channel = outcomeChannel(service);
  // Several requests may wait for one outcome (a retried request while the first still waits).
  const waiting = new Map<string, Set<Waiting>>();
  const subscribe = () =>
    subscriber.subscribe(channel).then(
      () => true,
      () => false,
    );
  let subscription = subscribe();
  // Connection losses so far: a listener opened before the last one may have missed its announcement.
  let losses = 0;
  subscriber.on('close', () => {
    losses += 1;
    subscription = Promise.resolve(false);
    for (const forId of waiting.values()) for (const waiter of forId) waiter.wake();
  });
  // A reconnected connection subscribes again (ioredis would too; a second SUBSCRIBE changes nothing).
  subscriber.on('ready', () => {
    subscription = subscribe();
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const space = message.indexOf(' ');
    const id = space < 0 ? message : message.slice(0, space);
    const outcome = space < 0 ? '' : message.slice(space + 1);
    const forId = waiting.get(id);
    if (!forId) return;
    mark(`${service}.woken`, id);
    forId.forEach((waiter) => waiter.deliver(outcome));
  });

  /**
   * Listens for `id`'s outcome; resolves at once (the subscription is the service's, made at start). Messages are
   * kept from the start, so one that lands before wait() is not lost. `readFirst`: the outcome may already have
   * been announced (the listener opened after its event was published), so wait() reads first.
   */
  const listen = async (id: string, { readFirst = false }: { readFirst?: boolean } = {}): Promise<OutcomeListener> => {
    const messages: string[] = [];
    let wakeUp: () => void = () => undefined;
    const waiter: Waiting = {
      deliver: (message) => {
        messages.push(message);
        wakeUp();
      },
      wake: () => wakeUp(),
    };
    const forId = waiting.get(id) ?? new Set();
    waiting.set(id, forId.add(waiter));
    const openedAfter = losses;
    const subscribed = await subscription;
    // Announcements reach this listener while the subscription it was opened under holds.
    const hearing = () => subscribed && losses === openedAfter;
    return {
      async wait<T>(timeoutMs: number, read: () => Promise<T | null>, fromAnnouncement: FromAnnouncement<T> = () => null): Promise<T | null> {
        const deadline = Date.now() + timeoutMs;
        // Not hearing (Redis unreachable) the document is the only source: read it first and every POLL_MS.
        let mustRead = readFirst || !hearing();
        let value: T | null = null;
        for (;;) {
          for (const message of messages.splice(0)) {
            const announced = fromAnnouncement(message);
            if (announced !== null) {
              mark(`${service}.outcome.announced`, id);
              return announced;
            }
            mustRead = true; // an announcement without a value: the outcome is in the document
          }
          const left = deadline - Date.now();
          if (mustRead || left <= 0) {
            mustRead = false;
            value = await read();
            mark(value === null ? `${service}.read.unsettled` : `${service}.read.settled`, id);
            if (value !== null || left <= 0) return value;
            // An announcement that landed while reading is looked at before sleeping.
            if (messages.length > 0) continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.max(0, hearing() ? left : Math.min(left, POLL_MS)));
            wakeUp = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wakeUp = () => undefined;
          if (!hearing()) mustRead = true;
        }
      },
      async close() {
        forId.delete(waiter);
        if (forId.size === 0 && waiting.get(id) === forId) waiting.delete(id);
      },
    };
  };

  return { listen };
}
export type OutcomeListeners = ReturnType<typeof createOutcomeListeners>;
