import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { say } from './log';
import { localDir } from './paths';

/**
 * One runner at a time per clone (two `jest` runs or a `start` beside an `up` would race for the same
 * ports). Waits up to `waitMs` for the other one, which may be in the middle of a cold install.
 */
export async function withRunnerLock<T>(action: () => Promise<T>, waitMs = 15 * 60_000): Promise<T> {
  mkdirSync(localDir, { recursive: true });
  const options = { lockfilePath: path.join(localDir, 'runner.lock'), stale: 20_000, update: 5_000, realpath: false };
  const deadline = Date.now() + waitMs;
  let release: (() => Promise<void>) | undefined;
  let told = false;
  while (!release) {
    try {
      release = await lockfile.lock(localDir, { ...options, onCompromised: () => say('runner', 'warning: lock was taken over') });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || Date.now() > deadline) throw error;
      if (!told) say('runner', 'another infra runner of this clone is busy; waiting for it');
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    return await action();
  } finally {
    // A long synchronous build can keep the lock from being refreshed, so another runner may have taken it
    // over (onCompromised warned); the work is done either way, so releasing it twice is no failure.
    await release().catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ERELEASED') throw error;
    });
  }
}
