import type { Channel } from 'amqplib';

export const EXCHANGE = 'kidslearn.events';

export interface Topology {
  queue: string;
  dlq: string;
  retryQueue(delayMs: number): string;
}

export function topologyFor(serviceName: string): Topology {
  const queue = `${serviceName}.events`;
  return { queue, dlq: `${queue}.dlq`, retryQueue: (delayMs) => `${queue}.retry.${delayMs}ms` };
}

/** Delay for the attempt that just failed (1-based): the list is used in order, its last value repeats. */
export function retryDelayFor(failedAttempt: number, delays: number[]): number {
  const last = delays[delays.length - 1] ?? 1000;
  return delays[failedAttempt - 1] ?? last;
}

export async function declareExchange(ch: Channel): Promise<void> {
  await ch.assertExchange(EXCHANGE, 'topic', { durable: true });
}

/**
 * The consumer side: main queue, one delay queue per retry delay (messages wait out the TTL
 * there, then dead-letter back into the main queue through the default exchange) and the DLQ.
 */
export async function declareConsumerQueues(ch: Channel, t: Topology, delays: number[], types: Iterable<string>): Promise<void> {
  await declareExchange(ch);
  await ch.assertQueue(t.queue, { durable: true });
  await ch.assertQueue(t.dlq, { durable: true });
  for (const delay of new Set(delays)) {
    await ch.assertQueue(t.retryQueue(delay), {
      durable: true,
      arguments: { 'x-message-ttl': delay, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': t.queue },
    });
  }
  for (const type of types) await ch.bindQueue(t.queue, EXCHANGE, type);
}

/** Main queue and bindings of every known consumer (their retry queues are their own business). */
export async function declareKnownQueues(ch: Channel, subscriptions: Readonly<Record<string, readonly string[]>>): Promise<void> {
  for (const [serviceName, types] of Object.entries(subscriptions)) {
    const { queue } = topologyFor(serviceName);
    await ch.assertQueue(queue, { durable: true });
    for (const type of types) await ch.bindQueue(queue, EXCHANGE, type);
  }
}
