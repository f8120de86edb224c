// Where the CPU of a drill's load goes (issue 20): CPU milliseconds per part of the system (each service's
// instances together, each server, Keycloak, the drill's own load generator) over the load. Sampled from /proc
// every second, so an instance killed mid-load still counts up to its last sample and a restarted one from its
// first; CPU used before the meter started is not counted.
import { findPortOwner } from '../../infra/local/src/ports';
import { pgidOf } from '../../infra/local/src/procs';
import { allStats, ms, selects, type Selection, type Stat } from '../process-cpu';

/** The processes of one part, asked again at every sample (instances come and go). */
export type PartSelector = () => Selection;

/** CPU ticks so far of every process seen, by pid: what the next sample's difference is taken from. */
export type Seen = Map<number, number>;

/**
 * Adds to `totals` (ticks, by part) what each process of a part used since it was last seen, and remembers every
 * process's ticks in `seen`. A process not seen before counts from its start: it began after the meter did.
 */
export function attribute(stats: Stat[], seen: Seen, parts: Record<string, Selection>, totals: Record<string, number>): void {
  const entries = Object.entries(parts);
  for (const stat of stats) {
    const before = seen.get(stat.pid) ?? 0;
    seen.set(stat.pid, stat.ticks);
    const part = entries.find(([, selection]) => selects(selection, stat))?.[0];
    if (part) totals[part] = (totals[part] ?? 0) + Math.max(0, stat.ticks - before);
  }
}

export interface CpuMeter {
  /** Stops sampling; CPU milliseconds per part since the start, every part named (0 when idle). */
  stop(): Record<string, number>;
}

export function startCpuMeter(parts: Record<string, PartSelector>, intervalMs = 1000): CpuMeter {
  const seen: Seen = new Map(allStats().map((stat) => [stat.pid, stat.ticks]));
  const totals: Record<string, number> = Object.fromEntries(Object.keys(parts).map((name) => [name, 0]));
  const sample = () => {
    const selected = Object.fromEntries(Object.entries(parts).map(([name, select]) => [name, select()]));
    attribute(allStats(), seen, selected, totals);
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Object.fromEntries(Object.entries(totals).map(([name, ticks]) => [name, ms(ticks)]));
    },
  };
}

/** The process group of whatever listens on `port` now (a server and its helper processes), none when nothing does. */
export function groupListeningOn(port: number): number[] {
  const owner = findPortOwner(port);
  const group = owner ? (pgidOf(owner.pid) ?? owner.pid) : undefined;
  return group ? [group] : [];
}

/** "quiz 8.1, gifts 7.9, …; all 52.3 ms (1.7 cores)": per learner loop, busiest first, and the cores used over the load. */
export function describeCpuPerLoop(totalsMs: Record<string, number>, loops: number, seconds: number): string {
  const perLoop = (value: number) => Math.round((value / Math.max(1, loops)) * 10) / 10;
  const all = Object.values(totalsMs).reduce((sum, value) => sum + value, 0);
  const parts = Object.entries(totalsMs)
    .sort(([, a], [, b]) => b - a)
    .map(([name, value]) => `${name} ${perLoop(value)}`);
  return `${parts.join(', ')}; all ${perLoop(all)} ms (${Math.round((all / 1000 / seconds) * 100) / 100} cores)`;
}
