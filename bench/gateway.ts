import type { Server } from 'node:http';
import autocannon from 'autocannon';
import express from 'express';
import type { BenchSection } from './types';

const DURATION_SECONDS = 10;
const CONNECTIONS = 10;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, p50: result.latency.p50 };
}

async function startBareExpress(): Promise<{ url: string; server: Server }> {
  const app = express();
  app.get('/', (_req, res) => {
    res.json({ hello: 'world' });
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('bare server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, server };
}

/**
 * GET /lessons and GET /standings/{id} through the gateway against a bare Express hello-world in the same
 * run, same load (autocannon, 10 connections, 10 s each). Budget: ≥ 50 % of the baseline's requests/s and
 * p99 ≤ 25 ms.
 */
export async function benchGateway(gatewayUrl: string, lessonId: string, learnerToken: string): Promise<BenchSection> {
  const bare = await startBareExpress();
  try {
    const baseline = await load(bare.url);
    const lessons = await load(`${gatewayUrl}/lessons`);
    const standings = await load(`${gatewayUrl}/standings/${lessonId}`, { authorization: `Bearer ${learnerToken}` });
    // The same call when every request insists on a fresh answer: the service's own path (Redis cache).
    const fresh = await load(`${gatewayUrl}/standings/${lessonId}`, { authorization: `Bearer ${learnerToken}`, 'cache-control': 'no-cache' });
    const share = (rps: number) => Math.round((rps / baseline.rps) * 100);
    return {
      title: `Gateway throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route)`,
      figures: [
        { name: 'bare Express hello-world', value: baseline.rps, unit: 'req/s' },
        { name: 'bare Express p99', value: baseline.p99, unit: 'ms' },
        { name: 'GET /lessons via gateway', value: lessons.rps, unit: 'req/s' },
        { name: 'GET /lessons share of baseline', value: share(lessons.rps), unit: '%', budget: { op: '>=', value: 50 } },
        { name: 'GET /lessons p99', value: lessons.p99, unit: 'ms', budget: { op: '<=', value: 25 } },
        { name: 'GET /standings/{id} via gateway', value: standings.rps, unit: 'req/s' },
        { name: 'GET /standings/{id} share of baseline', value: share(standings.rps), unit: '%', budget: { op: '>=', value: 50 } },
        { name: 'GET /standings/{id} p99', value: standings.p99, unit: 'ms', budget: { op: '<=', value: 25 } },
        { name: 'GET /standings/{id} with Cache-Control: no-cache (edge cache skipped)', value: fresh.rps, unit: 'req/s' },
        { name: 'GET /standings/{id} with no-cache p99', value: fresh.p99, unit: 'ms' },
      ],
      notes: [
        'GET /lessons (visitor) may be shared by the gateway for 5 s, GET /standings/{id} among signed-in callers of the same roles for 1 s (both s-maxage set by the service); the no-cache rows show the service path behind it.',
      ],
    };
  } finally {
    await new Promise((resolve) => bare.server.close(resolve));
  }
}
