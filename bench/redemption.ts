import { randomUUID } from 'node:crypto';
import { percentile, type BenchSection } from './types';

export interface RedemptionBenchOptions {
  /** gifts service or gateway base URL */
  url: string;
  /** a learner's access token; give the learner n × cost gems first, or the answers are rejections */
  learnerToken: string;
  giftId?: string;
  n?: number;
  /** requests in flight at once (1 = one after the other) */
  concurrency?: number;
}

const address = { name: 'Bench Learner', phone: '+1 555 0100', address1: '1 Bench Road', city: 'Mathtown', postalCode: '12345' };

/**
 * POST /redemptions end to end: write + outbox → RabbitMQ → gems debit → gems.debited → gifts
 * settles → Redis wake-up → HTTP answer. Figures are reported, never asserted.
 */
export async function benchRedemption({ url, learnerToken, giftId = 'stickers', n = 200, concurrency = 1 }: RedemptionBenchOptions): Promise<BenchSection> {
  const samples: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const started = performance.now();
      const res = await fetch(`${url}/redemptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${learnerToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ giftId, address }),
      });
      await res.arrayBuffer();
      samples.push(performance.now() - started);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  const wallStart = performance.now();
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const wallSeconds = (performance.now() - wallStart) / 1000;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    title: `POST /redemptions end to end (N=${n}, concurrency ${concurrency})`,
    figures: [
      { name: 'p50', value: round(percentile(samples, 50)), unit: 'ms' },
      { name: 'p99', value: round(percentile(samples, 99)), unit: 'ms', budget: { op: '<=', value: 150 } },
      { name: 'throughput', value: round(n / wallSeconds), unit: 'req/s' },
      { name: 'debited (201)', value: statuses[201] ?? 0, unit: 'answers' },
      { name: 'rejected (400)', value: statuses[400] ?? 0, unit: 'answers' },
      { name: 'processing (202)', value: statuses[202] ?? 0, unit: 'answers' },
    ],
    notes: [`statuses: ${JSON.stringify(statuses)}`],
  };
}
