import type { Redis } from 'ioredis';
import type { OutcomeWaiter } from '../domain/ports';

const channelOf = (redemptionId: string) => `outcome:${redemptionId}`;
const POLL_MS = 250;

/**
 * CONTRACTS "Waiting for an outcome": the consumer writes the outcome into the redemption and
 * announces it on Redis channel `outcome:<id>`; the waiting handler subscribes, re-reads its
 * document, and gives up after a timeout. Works whichever instance consumed the event.
 */
export function createOutcomeChannel(redis: Redis) {
  const subscriber = redis.duplicate();
  const listeners = new Map<string, Set<() => void>>();
  subscriber.on('message', (channel: string) => listeners.get(channel)?.forEach((wake) => wake()));

  const waiter: OutcomeWaiter = {
    async waitFor(redemptionId, timeoutMs, settled) {
      const channel = channelOf(redemptionId);
      let wake: () => void = () => {};
      let signalled = false;
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      const onMessage = () => {
        signalled = true;
        wake();
      };
      set.add(onMessage);
      // Redis only speeds this up: while it is unreachable, re-read the document every POLL_MS instead.
      const subscribed = await subscriber.subscribe(channel).then(
        () => true,
        () => false,
      );
      try {
        const deadline = Date.now() + timeoutMs;
        // Re-read after subscribing: an outcome announced before that is already in the document.
        for (;;) {
          signalled = false;
          if (await settled()) return;
          const left = deadline - Date.now();
          if (left <= 0) return;
          if (signalled) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, subscribed ? left : Math.min(left, POLL_MS));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      } finally {
        set.delete(onMessage);
        if (set.size === 0) {
          listeners.delete(channel);
          if (subscribed) await subscriber.unsubscribe(channel).catch(() => undefined);
        }
      }
    },
  };

  return {
    waiter,
    // Best effort: the outcome is already stored; a Redis outage must not make the consumer retry.
    announce: (redemptionId: string) =>
      redis.publish(channelOf(redemptionId), 'settled').then(
        () => undefined,
        () => undefined,
      ),
    close: async () => {
      subscriber.disconnect();
    },
  };
}
