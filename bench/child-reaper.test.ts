import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * A parent (a bench, here a small script) that starts a long-running child with reapOnExit, prints the child's pid,
 * then ends as `how` says: the child must be gone once the parent is.
 */
async function parentEnding(how: 'SIGINT' | 'SIGTERM' | 'exit'): Promise<{ code: number | null; childPid: number }> {
  const script = `
    const { spawn } = require('node:child_process');
    const { reapOnExit } = require(${JSON.stringify(path.join(__dirname, 'child-reaper.ts'))});
    const child = reapOnExit(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }));
    console.log(child.pid);
    ${how === 'exit' ? 'setTimeout(() => process.exit(3), 200);' : 'setInterval(() => {}, 1000);'}
  `;
  const parent = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const childPid = await new Promise<number>((resolve, reject) => {
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    parent.once('exit', () => reject(new Error('the parent ended before it started its child')));
  });
  const ended = new Promise<number | null>((resolve) => parent.once('exit', (code) => resolve(code)));
  if (how !== 'exit') parent.kill(how);
  return { code: await ended, childPid };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function eventuallyGone(pid: number): Promise<boolean> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) if (!isRunning(pid)) return true;
  return false;
}

describe('the processes a bench starts end with it', () => {
  it.each([
    ['interrupted (Ctrl-C)', 'SIGINT', 130],
    ['terminated (a timeout)', 'SIGTERM', 143],
    ['ended by process.exit', 'exit', 3],
  ] as const)('when the bench is %s, then its child is killed and the bench exits as the signal would have', async (_case, how, status) => {
    const { code, childPid } = await parentEnding(how);
    expect(code).toBe(status);
    expect(await eventuallyGone(childPid)).toBe(true);
  }, 30_000);
});
