// Per-route figures of a drill's HTTP traffic: count, status counts, errors, p50/p99.
import { percentile } from '../types';

export interface RouteFigures {
  route: string;
  count: number;
  statuses: Record<string, number>;
  /** answers that are not one of the route's expected statuses (5xx, 429, network errors …) */
  errors: number;
  serverErrors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export class RouteRecorder {
  private readonly samples = new Map<string, number[]>();
  private readonly statuses = new Map<string, Record<string, number>>();

  constructor(private readonly expected: Record<string, number[]>) {}

  /** status 0 = no HTTP answer (connection refused, reset, timeout) */
  record(route: string, status: number, ms: number): void {
    if (!this.samples.has(route)) this.samples.set(route, []);
    this.samples.get(route)!.push(ms);
    const counts = this.statuses.get(route) ?? {};
    const key = status === 0 ? 'no answer' : String(status);
    counts[key] = (counts[key] ?? 0) + 1;
    this.statuses.set(route, counts);
  }

  figures(): RouteFigures[] {
    return [...this.samples.entries()].map(([route, samples]) => {
      const statuses = this.statuses.get(route) ?? {};
      const ok = new Set((this.expected[route] ?? []).map(String));
      const errors = Object.entries(statuses).reduce((sum, [status, n]) => (ok.has(status) ? sum : sum + n), 0);
      const serverErrors = Object.entries(statuses).reduce((sum, [status, n]) => (status.startsWith('5') ? sum + n : sum), 0);
      return { route, count: samples.length, statuses, errors, serverErrors, p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)), maxMs: round(Math.max(...samples)) };
    });
  }
}
