import type { Redis } from 'ioredis';

// CONTRACTS "Waiting for an outcome": the consumer records the outcome in the attempt and announces
// it on `outcome:<id>`; the HTTP handler listens, re-reads its own document and gives up after a timeout.
export const outcomeChannel = (id: string) => `outcome:${id}`;

export async function announceOutcome(redis: Redis, id: string): Promise<void> {
  await redis.publish(outcomeChannel(id), '1');
}

/** `subscriber` is a dedicated connection (a subscribed connection cannot run other commands). */
export function createOutcomeWaiter(subscriber: Redis) {
  const waiting = new Map<string, () => void>();
  subscriber.on('message', (channel: string) => waiting.get(channel)?.());

  return {
    /** Resolves with `read()` once it returns a value, or with its last answer after `timeoutMs`. */
    async waitFor<T>(id: string, timeoutMs: number, read: () => Promise<T | null>): Promise<T | null> {
      const channel = outcomeChannel(id);
      let timer: NodeJS.Timeout | undefined;
      const woken = new Promise<void>((resolve) => {
        waiting.set(channel, resolve);
        timer = setTimeout(resolve, timeoutMs);
      });
      try {
        await subscriber.subscribe(channel);
        // Read after subscribing: an outcome recorded before is seen now, one recorded later wakes us.
        const early = await read();
        if (early !== null) return early;
        await woken;
        return await read();
      } finally {
        clearTimeout(timer);
        waiting.delete(channel);
        await subscriber.unsubscribe(channel).catch(() => undefined);
      }
    },
  };
}
export type OutcomeWaiter = ReturnType<typeof createOutcomeWaiter>;
