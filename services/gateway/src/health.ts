import type { ServiceName } from './routes';

export interface DependencyHealth {
  status: 'up' | 'down';
  latencyMs: number;
  detail?: string;
}

/**
 * Asks every instance's /readyz (which in turn checks its database, broker and cache) in parallel; a service is up
 * while one of its instances is (the gateway sends its requests to those).
 */
export async function checkDependencies(
  upstreamUrls: Record<ServiceName, readonly string[]>,
  timeoutMs: number,
): Promise<{ status: 'up' | 'down'; dependencies: Record<string, DependencyHealth> }> {
  const entries = await Promise.all(
    Object.entries(upstreamUrls).map(async ([name, bases]) => {
      const probes = await Promise.all(bases.map((base) => probe(`${base}/readyz`, timeoutMs)));
      return [name, probes.find((health) => health.status === 'up') ?? probes[0]!] as const;
    }),
  );
  const dependencies = Object.fromEntries(entries);
  const status = entries.every(([, health]) => health.status === 'up') ? 'up' : 'down';
  return { status, dependencies };
}

async function probe(url: string, timeoutMs: number): Promise<DependencyHealth> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const latencyMs = Math.round(performance.now() - started);
    if (response.ok) return { status: 'up', latencyMs };
    return { status: 'down', latencyMs, detail: `readyz answered ${response.status}` };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    return { status: 'down', latencyMs, detail: error instanceof Error ? error.message : String(error) };
  }
}
