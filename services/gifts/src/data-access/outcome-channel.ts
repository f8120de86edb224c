import type { Redis } from 'ioredis';
import { z } from 'zod';
import { announceOutcome, createOutcomeListeners } from '@kidslearn/lib-redis';
import type { OutcomeWaiter, SettledOutcome } from '../domain/ports';

// CONTRACTS "Waiting for an outcome": the consumer records gems' outcome in the redemption and announces it
// on gifts' outcome channel with the outcome itself, so the waiting request answers without reading the redemption.
const announcement = z.object({ status: z.enum(['awaiting-parent', 'pending-delivery', 'rejected']), balance: z.number().int().min(0) });

/** The outcome an announcement carries, or null (an older instance's bare 'settled': read the redemption). */
export function announcedOutcome(message: string): SettledOutcome | null {
  try {
    const parsed = announcement.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Gifts' outcome channel: every instance listens to it (lib-redis outcome-channel.ts). */
const OUTCOMES = 'gifts';

export function createOutcomeChannel(redis: Redis) {
  const subscriber = redis.duplicate();
  const listeners = createOutcomeListeners(subscriber, OUTCOMES);

  const waiter: OutcomeWaiter = {
    announce: (redemptionId, outcome) => announceOutcome(redis, OUTCOMES, redemptionId, JSON.stringify(outcome)),
    async listen(redemptionId, settledMayExist = false) {
      const listener = await listeners.listen(redemptionId, { readFirst: settledMayExist });
      return {
        wait: (timeoutMs, read, fromOutcome) =>
          listener.wait(timeoutMs, read, (message) => {
            const outcome = announcedOutcome(message);
            return outcome ? fromOutcome(outcome) : null;
          }),
        close: () => listener.close(),
      };
    },
  };

  return {
    waiter,
    close: () => subscriber.disconnect(),
  };
}
