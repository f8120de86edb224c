import os from 'node:os';
import path from 'node:path';

/** Repository root (infra/local/src → ../../..). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');
/** Git-ignored run state of this clone: pid files, logs, per-start data dirs. */
export const localDir = path.join(repoRoot, '.local');
/** Git-ignored data that survives restarts (FerretDB's SQLite files). */
export const dataDir = path.join(repoRoot, '.data');

/** Big downloads and builds live outside the repo so a fresh clone (CI) reuses them. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.length > 0 ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(base, 'kidslearn');
}

export const componentDir = (name: string): string => path.join(localDir, name);
export const pidFile = (name: string): string => path.join(localDir, `${name}.pid`);
export const logFile = (name: string): string => path.join(localDir, `${name}.log`);
export const launchKeyFile = (name: string): string => path.join(localDir, `${name}.launch-key`);
