import type { Redis } from 'ioredis';
import type { OutcomeWaiter } from '../domain/ports';

const channelOf = (redemptionId: string) => `outcome:${redemptionId}`;

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
      try {
        await subscriber.subscribe(channel);
        const deadline = Date.now() + timeoutMs;
        // Re-read after subscribing: an outcome announced before that is already in the document.
        for (;;) {
          signalled = false;
          if (await settled()) return;
          const left = deadline - Date.now();
          if (left <= 0) return;
          if (signalled) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, left);
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
          await subscriber.unsubscribe(channel).catch(() => undefined);
        }
      }
    },
  };

  return {
    waiter,
    announce: (redemptionId: string) => redis.publish(channelOf(redemptionId), 'settled').then(() => undefined),
    close: async () => {
      subscriber.disconnect();
    },
  };
}
