// The queues services/lib-events declares for each consuming service (main queue and dead-letter queue; the retry
// queues carry the service's own delays and stay the service's), read by running its topology code on a recording
// channel. The chart's Queue resources must declare them the same way, or a service's own declaration is refused.
import type { Channel, Options } from 'amqplib';
import { KNOWN_SUBSCRIPTIONS } from '../../../../services/lib-events/src/subscriptions';
import { declareConsumerQueues, topologyFor } from '../../../../services/lib-events/src/topology';

export interface DeclaredQueue {
  service: string;
  name: string;
  options: Options.AssertQueue;
}

export async function declaredQueues(): Promise<DeclaredQueue[]> {
  const declared: DeclaredQueue[] = [];
  for (const [service, types] of Object.entries(KNOWN_SUBSCRIPTIONS)) {
    const topology = topologyFor(service);
    const channel = {
      assertExchange: async () => ({}),
      bindQueue: async () => ({}),
      assertQueue: async (name: string, options: Options.AssertQueue = {}) => {
        if (name === topology.queue || name === topology.dlq) declared.push({ service, name, options });
        return { queue: name, messageCount: 0, consumerCount: 0 };
      },
    } as unknown as Channel;
    await declareConsumerQueues(channel, topology, [1000], types);
  }
  return declared;
}
