import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchSection, Figure } from './types';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;
/** Each ratio is the median of this many rounds; every round loads the baseline, then each route. */
const ROUNDS = 3;

interface Load {
  rps: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

/** The bare Express hello-world in a child process (see bare-express.ts). */
async function startBareExpress(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'bare-express.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare Express exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[], unit: string) => `${Math.min(...values)}–${Math.max(...values)} ${unit}`;

/**
 * GET /lessons and GET /standings/{id} through the gateway against a bare Express hello-world (autocannon,
 * 10 connections, 5 s per load). A ratio is route ÷ the baseline of the same round, so a machine that gets
 * busier or quieter during the run moves both. Budget: median share ≥ 50 %, median p99 ≤ 25 ms.
 */
export async function benchGateway(gatewayUrl: string, lessonId: string, learnerToken: string): Promise<BenchSection> {
  const auth = { authorization: `Bearer ${learnerToken}` };
  const routes = [
    { name: 'GET /lessons', url: `${gatewayUrl}/lessons`, headers: {}, budget: true },
    { name: 'GET /standings/{id}', url: `${gatewayUrl}/standings/${lessonId}`, headers: auth, budget: true },
    // The same call when every request insists on a fresh answer: the service's own path (Redis cache).
    { name: 'GET /standings/{id} no-cache (edge cache skipped)', url: `${gatewayUrl}/standings/${lessonId}`, headers: { ...auth, 'cache-control': 'no-cache' }, budget: false },
  ];
  const bare = await startBareExpress();
  const baselines: Load[] = [];
  const results = routes.map(() => ({ loads: [] as Load[], shares: [] as number[] }));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const baseline = await load(bare.url);
      baselines.push(baseline);
      for (const [i, route] of routes.entries()) {
        const measured = await load(route.url, route.headers);
        results[i]!.loads.push(measured);
        results[i]!.shares.push(Math.round((measured.rps / baseline.rps) * 100));
      }
    }
  } finally {
    bare.child.kill('SIGTERM');
  }
  const figures: Figure[] = [
    { name: 'bare Express hello-world', value: median(baselines.map((b) => b.rps)), unit: 'req/s' },
    { name: 'bare Express p99', value: median(baselines.map((b) => b.p99)), unit: 'ms' },
  ];
  const notes = [`Median of ${ROUNDS} rounds (baseline, then each route, per round); spread min–max: bare ${spread(baselines.map((b) => b.rps), 'req/s')}.`];
  for (const [i, route] of routes.entries()) {
    const { loads, shares } = results[i]!;
    const p99s = loads.map((l) => l.p99);
    figures.push(
      { name: `${route.name} via gateway`, value: median(loads.map((l) => l.rps)), unit: 'req/s' },
      { name: `${route.name} share of baseline`, value: median(shares), unit: '%', ...(route.budget ? { budget: { op: '>=' as const, value: 50 } } : {}) },
      { name: `${route.name} p99`, value: median(p99s), unit: 'ms', ...(route.budget ? { budget: { op: '<=' as const, value: 25 } } : {}) },
    );
    notes.push(`${route.name}: share ${spread(shares, '%')} (rounds ${shares.join(', ')} %), p99 ${spread(p99s, 'ms')}.`);
  }
  notes.push(
    'GET /lessons (visitor) may be shared by the gateway for 5 s, GET /standings/{id} among signed-in callers of the same roles for 1 s (both s-maxage set by the service); the no-cache rows show the service path behind it.',
    'The baseline runs in its own process, like the gateway, so autocannon does not share its event loop.',
  );
  return { title: `Gateway throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per load, median of ${ROUNDS} rounds)`, figures, notes };
}
