// How far each service's consumers fell behind during a load: the ready messages in every `<service>.events`
// queue, sampled with a passive check. A backlog that grows is where an answer waiting for an event waits.
import { connectFirst, topologyFor } from '@kidslearn/lib-events';
import { percentile } from '../types';
import { CONSUMERS } from './queues';

export interface BacklogSampler {
  /** Stops sampling: per queue, the peak and the median of the ready messages seen. */
  stop(): Promise<Record<string, { peak: number; median: number }>>;
}

export async function sampleBacklog(amqpUrl: string, everyMs = 2000): Promise<BacklogSampler> {
  const conn = await connectFirst(amqpUrl);
  const ch = await conn.createChannel();
  ch.on('error', () => undefined);
  const seen = new Map<string, number[]>(CONSUMERS.map((s) => [topologyFor(s).queue, []]));
  const sample = async () => {
    for (const [queue, counts] of seen) {
      const depth = await ch.checkQueue(queue).then((q) => q.messageCount, () => undefined);
      if (depth !== undefined) counts.push(depth);
    }
  };
  let running = sample();
  const timer = setInterval(() => {
    running = running.then(sample, sample);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await running.catch(() => undefined);
      await conn.close().catch(() => undefined);
      const out: Record<string, { peak: number; median: number }> = {};
      for (const [queue, counts] of seen) out[queue] = counts.length ? { peak: percentile(counts, 100), median: percentile(counts, 50) } : { peak: 0, median: 0 };
      return out;
    },
  };
}
