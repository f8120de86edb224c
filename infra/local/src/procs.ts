import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LaunchSpec } from './component';
import { allPids, environOf } from './ports';
import { sleep } from './wait';

/** Env var set on every process the runner starts: `<repo root>#<component>`. */
export const MARKER_VAR = 'KIDSLEARN_INFRA_OWNER';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Which runner started `pid`: the marker in its environment, or (for servers that overwrite their
 * environment with their process title, like redis-server) derived from its working directory, which the
 * runner always sets to `<repo>/.local/<component>`.
 */
export function ownerMarkerOf(pid: number): string | undefined {
  const fromEnv = environOf(pid)[MARKER_VAR];
  if (fromEnv) return fromEnv;
  return markerFromCwd(cwdOf(pid));
}

export function markerFromCwd(cwd: string | undefined): string | undefined {
  const match = cwd ? /^(.+)\/\.local\/([a-z0-9-]+)$/.exec(cwd) : null;
  return match ? `${match[1]}#${match[2]}` : undefined;
}

/** Process group of a pid (field 5 of /proc/<pid>/stat, after the parenthesised command). */
export function pgidOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pgid = Number(fields[2]);
    return Number.isInteger(pgid) && pgid > 0 ? pgid : undefined;
  } catch {
    return undefined;
  }
}

function cwdOf(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

/** Pids whose environment carries exactly this marker (our processes, including daemons they forked). */
export function pidsWithMarker(marker: string): number[] {
  return allPids().filter((pid) => pid !== process.pid && environOf(pid)[MARKER_VAR] === marker);
}

/** Starts a process in its own process group, output appended to `log`, and writes its pid file. */
export function spawnDetached(spec: LaunchSpec, marker: string, log: string, pidPath: string): { pid: number; exited: () => number | null | undefined } {
  mkdirSync(path.dirname(log), { recursive: true });
  const fd = openSync(log, 'a');
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env, [MARKER_VAR]: marker },
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let exitCode: number | null | undefined;
  child.once('exit', (code) => (exitCode = code));
  child.once('error', () => (exitCode = -1));
  child.unref();
  if (!child.pid) throw new Error(`could not start ${spec.command}`);
  writeFileSync(pidPath, `${child.pid}\n`);
  return { pid: child.pid, exited: () => exitCode };
}

async function signalAndWait(pids: () => number[], signal: NodeJS.Signals, waitMs: number): Promise<boolean> {
  for (const pid of pids()) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (pids().length === 0) return true;
    await sleep(200);
  }
  return pids().length === 0;
}

/** Stops the process group of `pid` and any process left carrying the marker: TERM, then KILL. */
export async function stopProcesses(pid: number | undefined, marker: string, graceMs = 15000): Promise<void> {
  if (pid && isAlive(pid)) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // group gone
    }
  }
  const left = () => pidsWithMarker(marker).filter(isAlive);
  if (await signalAndWait(left, 'SIGTERM', graceMs)) return;
  if (pid) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // group gone
    }
  }
  await signalAndWait(left, 'SIGKILL', 5000);
}

export function removeFile(file: string): void {
  rmSync(file, { force: true });
}

/** Last `count` lines of a log file (empty when missing). */
export function lastLines(file: string, count = 30): string[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.slice(-count);
}
