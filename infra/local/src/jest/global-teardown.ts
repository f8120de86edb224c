import { existsSync, readFileSync, rmSync } from 'node:fs';
import { infrastructure } from '../registry';
import { stopAll } from '../runner';
import { STARTED_KEY, VHOST_KEY, startedFile } from './global-setup';
import { deleteTestVhost } from './test-vhost';

/** Stops only what the global setup of this Jest run started; servers it reused keep running. */
export default async function globalTeardown(): Promise<void> {
  const file = startedFile();
  const fromGlobal = (globalThis as Record<string, unknown>)[STARTED_KEY] as string[] | undefined;
  const started = fromGlobal ?? (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : []);
  rmSync(file, { force: true });
  const vhost = (globalThis as Record<string, unknown>)[VHOST_KEY] as string | undefined;
  if (vhost && !started.includes('rabbitmq')) await deleteTestVhost(vhost);
  if (started.length > 0) await stopAll(infrastructure, started);
}
