// CPU time of processes as Linux accounts it (/proc/<pid>/stat: user + system time, in clock ticks), so a
// section can say how many CPU milliseconds each process spent per request: a figure that holds on a busy
// machine, where wall-clock latency does not.
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Clock ticks (as /proc counts them) in milliseconds. */
export const ms = (ticks: number): number => (ticks * 1000) / TICKS_PER_SECOND;

export interface Stat {
  pid: number;
  pgid: number;
  ticks: number;
}

/** utime + stime and the process group of one process, undefined when it is gone. */
function statOf(pid: number): Stat | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command: state ppid pgrp … utime (14th of the line) stime (15th).
    const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { pid, pgid: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** Every process's CPU time so far (ticks) and process group. */
export function allStats(): Stat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => statOf(Number(name)) ?? []);
}

/** What to account: single processes (a service instance) or whole process groups (a server and its helpers). */
export interface Selection {
  pids?: number[];
  groups?: number[];
}
export type Watched = Record<string, Selection>;

/** Whether a process is one of a selection's, by its pid or its process group. */
export const selects = ({ pids = [], groups = [] }: Selection, stat: Stat): boolean => pids.includes(stat.pid) || groups.includes(stat.pgid);

/** CPU milliseconds used so far by each watched name. */
export function cpuNow(watched: Watched): Record<string, number> {
  const stats = allStats();
  return Object.fromEntries(
    Object.entries(watched).map(([name, selection]) => {
      const ticks = stats.filter((stat) => selects(selection, stat)).reduce((sum, stat) => sum + stat.ticks, 0);
      return [name, ms(ticks)];
    }),
  );
}

/** CPU milliseconds each name used between two readings, divided by the requests made in between. */
export function perRequest(before: Record<string, number>, after: Record<string, number>, requests: number): Record<string, number> {
  return Object.fromEntries(Object.keys(after).map((name) => [name, Math.round(((after[name]! - (before[name] ?? 0)) / Math.max(1, requests)) * 100) / 100]));
}
