import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Component, Context } from './component';
import type { PortOwner } from './errors';
import { exitedEarlyMessage, InfraError, notReadyMessage, portTakenMessage } from './errors';
import { withRunnerLock } from './lock';
import { say, seconds } from './log';
import { findPortOwner, isPortOpen } from './ports';
import { isAlive, lastLines, ownerMarkerOf, pgidOf, pidsWithMarker, readPid, removeFile, spawnDetached, stopProcesses } from './procs';
import { launchKeyFile, localDir, logFile, pidFile, repoRoot } from './paths';
import { waitUntil, withTimeout } from './wait';

export const markerFor = (name: string): string => `${repoRoot}#${name}`;
const contextFor = (c: Component): Context => ({ marker: markerFor(c.name) });

export type RunState = 'running' | 'external' | 'foreign' | 'stopped' | 'install-only';

export interface ComponentStatus {
  name: string;
  state: RunState;
  healthy: boolean;
  ports: number[];
  pid?: number;
  detail?: string;
  /** For a foreign process: the port it holds and who it is. */
  taken?: { port: number; owner?: PortOwner };
}

async function isHealthy(c: Component): Promise<boolean> {
  if (!c.ready) return true;
  try {
    await withTimeout(c.ready(), 5000);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits (bounded) until none of the component's ports accepts connections. A process can no longer
 * be found by its marker (its memory is gone) a moment before the kernel closes its sockets: a start
 * right after a stop would otherwise find the port still taken.
 */
async function waitForPortsReleased(c: Component, timeoutMs = 5000): Promise<void> {
  await waitUntil(
    async () => {
      for (const port of c.ports) if (await isPortOpen(port, '127.0.0.1', 200)) throw new Error(`port ${port} still open`);
    },
    { timeoutMs, intervalMs: 50 },
  );
}

/** Our live pid for a component, or undefined (a stale pid file is removed). */
function ownPid(c: Component): number | undefined {
  const pid = readPid(pidFile(c.name));
  if (pid && isAlive(pid) && ownerMarkerOf(pid) === markerFor(c.name)) return pid;
  if (pid) removeFile(pidFile(c.name));
  return undefined;
}

export async function inspect(c: Component): Promise<ComponentStatus> {
  const base = { name: c.name, ports: c.ports };
  if (!c.launch) return { ...base, state: 'install-only', healthy: true };
  const pid = ownPid(c);
  if (pid) return { ...base, state: 'running', pid, healthy: await isHealthy(c) };
  for (const port of c.ports) {
    if (!(await isPortOpen(port))) continue;
    const owner = findPortOwner(port);
    const ownerMarker = owner ? ownerMarkerOf(owner.pid) : undefined;
    // Ours (its pid file was lost): adopt it again, by its process group.
    if (owner && ownerMarker === markerFor(c.name)) {
      const leader = pgidOf(owner.pid) ?? owner.pid;
      writeFileSync(pidFile(c.name), `${leader}\n`);
      return { ...base, state: 'running', pid: leader, healthy: await isHealthy(c) };
    }
    // Another checkout's runner (e.g. a CI clone beside the main tree) serves the same thing: reuse it.
    if (owner && ownerMarker?.endsWith(`#${c.name}`)) {
      return { ...base, state: 'external', pid: owner.pid, healthy: await isHealthy(c), detail: `started by ${ownerMarker.split('#')[0]}` };
    }
    const detail = `port ${port} taken by ${owner ? `${owner.pid} ${owner.command}` : 'a process this user cannot see'}`;
    return { ...base, state: 'foreign', pid: owner?.pid, healthy: false, detail, taken: { port, owner } };
  }
  return { ...base, state: 'stopped', healthy: false };
}

export async function installAll(list: Component[]): Promise<void> {
  const startedAt = Date.now();
  for (const c of list) await c.install(contextFor(c));
  say('runner', `install done in ${seconds(startedAt)}`);
}

type StartOutcome = { name: string; action: 'started' | 'reused' };

/** The launch key the running instance was started with ('' when none was recorded). */
const recordedLaunchKey = (c: Component): string => (existsSync(launchKeyFile(c.name)) ? readFileSync(launchKeyFile(c.name), 'utf8').trim() : '');

async function startOne(c: Component, reconcile: boolean): Promise<StartOutcome> {
  let status = await inspect(c);
  const launchKey = c.launchKey?.();
  // A restarted component counts as reused: it ran before, so whoever started this run must not stop it.
  let restarted = false;
  if (launchKey !== undefined && status.state === 'running' && recordedLaunchKey(c) !== launchKey) {
    // Its start-up inputs changed since it was launched (e.g. the realm): reusing it would serve stale ones.
    say(c.name, `its launch inputs changed since it started (pid ${status.pid}): restarting`);
    await stopProcesses(status.pid, markerFor(c.name));
    await waitForPortsReleased(c);
    await c.afterStop?.();
    removeFile(pidFile(c.name));
    status = await inspect(c);
    restarted = true;
  } else if (launchKey !== undefined && status.state === 'external') {
    say(c.name, `reused from another clone: it may run older launch inputs (restart it there if they changed)`);
  }
  const timeoutMs = c.readyTimeoutMs ?? 60_000;
  if (status.state === 'running' || status.state === 'external') {
    if (!status.healthy) {
      say(c.name, `already running (pid ${status.pid}), waiting until ready`);
      const result = await waitUntil(() => c.ready!(), { timeoutMs });
      if (!result.ok) throw notReadyMessage(c.name, timeoutMs, logFile(c.name), lastLines(logFile(c.name)), result.lastError);
    }
    say(c.name, `reusing the running one (pid ${status.pid}${status.detail ? `, ${status.detail}` : ''})`);
    if (reconcile && status.state === 'running') await c.afterReuse?.();
    return { name: c.name, action: 'reused' };
  }
  if (status.state === 'foreign') throw portTakenMessage(c.name, status.taken?.port ?? c.ports[0] ?? 0, status.taken?.owner);
  const startedAt = Date.now();
  const spec = await c.launch!(contextFor(c));
  if (launchKey !== undefined) writeFileSync(launchKeyFile(c.name), `${launchKey}\n`);
  const log = logFile(c.name);
  writeFileSync(log, `=== ${new Date().toISOString()} ${spec.command} ${spec.args.join(' ')}\n`);
  const child = spawnDetached(spec, markerFor(c.name), log, pidFile(c.name));
  say(c.name, `starting (pid ${child.pid}, log ${log})`);
  const result = await waitUntil(() => c.ready!(), { timeoutMs, abort: () => child.exited() !== undefined });
  if (!result.ok) {
    const code = child.exited();
    const tail = lastLines(log);
    await stopProcesses(child.pid, markerFor(c.name), 5000);
    removeFile(pidFile(c.name));
    throw code !== undefined ? exitedEarlyMessage(c.name, code, log, tail) : notReadyMessage(c.name, timeoutMs, log, tail, result.lastError);
  }
  say(c.name, `ready in ${seconds(startedAt)} on ${c.ports.join(', ')}`);
  return { name: c.name, action: restarted ? 'reused' : 'started' };
}

export interface StartResult {
  started: string[];
  reused: string[];
  errors: Error[];
}

/**
 * Installs (cached) and starts whatever is not running yet, in parallel; reuses running ones. `reconcile`: run
 * the reused components' afterReuse (the CLI's start and up, where the portal's services start; not the test
 * suite, whose servers the running portal shares).
 */
export async function startAll(list: Component[], { install = true, reconcile = false } = {}): Promise<StartResult> {
  return withRunnerLock(async () => {
    mkdirSync(localDir, { recursive: true });
    const runnable = list.filter((c) => c.launch);
    if (install) await installAll(runnable);
    const startedAt = Date.now();
    const outcomes = await Promise.allSettled(runnable.map((c) => startOne(c, reconcile)));
    const result: StartResult = { started: [], reused: [], errors: [] };
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') result.errors.push(outcome.reason instanceof Error ? outcome.reason : new Error(String(outcome.reason)));
      else result[outcome.value.action === 'started' ? 'started' : 'reused'].push(outcome.value.name);
    }
    say('runner', `start finished in ${seconds(startedAt)}: started [${result.started.join(', ')}], reused [${result.reused.join(', ')}]${result.errors.length ? `, ${result.errors.length} failed` : ''}`);
    return result;
  });
}

/** Stops the components this runner started (pid file + marker); never touches foreign processes. */
export async function stopAll(list: Component[], only?: string[]): Promise<string[]> {
  return withRunnerLock(async () => {
    const stopped: string[] = [];
    const targets = list.filter((c) => c.launch && (!only || only.includes(c.name)));
    await Promise.all(
      targets.map(async (c) => {
        const pid = ownPid(c);
        const leftovers = pidsWithMarker(markerFor(c.name));
        if (!pid && leftovers.length === 0) return;
        say(c.name, `stopping${pid ? ` (pid ${pid})` : ''}`);
        await stopProcesses(pid, markerFor(c.name));
        await waitForPortsReleased(c);
        await c.afterStop?.();
        removeFile(pidFile(c.name));
        removeFile(launchKeyFile(c.name));
        stopped.push(c.name);
      }),
    );
    if (stopped.length === 0) say('runner', 'nothing to stop');
    return stopped;
  });
}

export async function statusAll(list: Component[]): Promise<ComponentStatus[]> {
  return Promise.all(list.map(inspect));
}

export function formatStatus(statuses: ComponentStatus[], list: Component[]): string {
  const rows = statuses.map((s) => {
    const c = list.find((x) => x.name === s.name);
    const health = s.state === 'install-only' || s.state === 'stopped' ? '-' : s.healthy ? 'healthy' : 'unhealthy';
    const urls = s.state === 'running' || s.state === 'external' ? (c?.urls ?? []).join('  ') : '';
    return [s.name, s.state, health, s.ports.join(',') || '-', s.pid ? String(s.pid) : '-', s.detail ?? urls];
  });
  const header = ['component', 'state', 'health', 'ports', 'pid', 'details / urls'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows].map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')).join('\n');
}

export function assertNoErrors(errors: Error[]): void {
  if (errors.length === 0) return;
  const message = errors.map((e) => e.message).join('\n\n');
  throw errors.length === 1 && errors[0] instanceof InfraError ? errors[0] : new Error(message);
}

export const hasLocalState = (): boolean => existsSync(localDir);
