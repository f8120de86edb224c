import { existsSync, readFileSync, rmSync } from 'node:fs';
import { components } from '../../infra/local/src/registry';
import { stopAll } from '../../infra/local/src/runner';
import { STATE_FILE } from './portal';

/** Stops only what the e2e global setup started; a portal that was already running keeps running. */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(STATE_FILE)) return;
  const { started } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { started: string[] };
  rmSync(STATE_FILE, { force: true });
  if (started.length > 0) await stopAll(components, started);
}
