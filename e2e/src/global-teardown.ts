// Stops only the static servers this run started (their process groups); the backend stays up.
import fs from 'node:fs';
import { STATE_FILE } from './portal';

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(STATE_FILE)) return;
  const { pids } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { pids: number[] };
  for (const pid of pids) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  fs.rmSync(STATE_FILE);
}
