// Messages left in the drill broker's dead-letter and retry queues, read with a passive check.
import { DEFAULT_RETRY_DELAYS_MS, connectFirst, topologyFor } from '@kidslearn/lib-events';

/** The services whose consumers a drill runs. */
export const CONSUMERS = ['content', 'quiz', 'gems', 'gifts'];
/** lib-events' default retry delays (bus.ts): one delay queue each. */
const RETRY_DELAYS_MS = DEFAULT_RETRY_DELAYS_MS;

/** Messages in every `<service>.events.dlq` and `<service>.events.retry.*` queue (a missing queue is 0). */
export async function queueDepths(amqpUrl: string): Promise<{ dlq: Record<string, number>; retry: Record<string, number> }> {
  // AMQP_URL may list a cluster's nodes: the first that answers.
  const conn = await connectFirst(amqpUrl);
  const depth = async (queue: string): Promise<number> => {
    // A queue never declared closes the channel with 404: one channel per check.
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    try {
      const { messageCount } = await ch.checkQueue(queue);
      await ch.close();
      return messageCount;
    } catch {
      return 0;
    }
  };
  try {
    const dlq: Record<string, number> = {};
    const retry: Record<string, number> = {};
    for (const service of CONSUMERS) {
      const topology = topologyFor(service);
      dlq[service] = await depth(topology.dlq);
      let waiting = 0;
      for (const delay of RETRY_DELAYS_MS) waiting += await depth(topology.retryQueue(delay));
      retry[service] = waiting;
    }
    return { dlq, retry };
  } finally {
    await conn.close().catch(() => undefined);
  }
}
