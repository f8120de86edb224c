import { existsSync, readFileSync, rmSync } from 'node:fs';
import { infrastructure } from '../registry';
import { stopAll } from '../runner';
import type { StartedEngines } from './containers/start';
import { ENGINES_KEY, STARTED_KEY, VHOST_KEY, startedFile, localInContainersMode } from './global-setup';
import { deleteTestVhost } from './test-vhost';

/** Stops only what the global setup of this Jest run started (containers included); servers it reused keep running. */
export default async function globalTeardown(): Promise<void> {
  const file = startedFile();
  const fromGlobal = (globalThis as Record<string, unknown>)[STARTED_KEY] as string[] | undefined;
  const started = fromGlobal ?? (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : []);
  rmSync(file, { force: true });
  const engines = (globalThis as Record<string, unknown>)[ENGINES_KEY] as StartedEngines | undefined;
  if (engines) {
    // KIDSLEARN_INFRA=containers: the containers go, and with them the broker's test vhost.
    await engines.stop();
    if (started.length > 0) await stopAll(localInContainersMode(), started);
    return;
  }
  const vhost = (globalThis as Record<string, unknown>)[VHOST_KEY] as string | undefined;
  if (vhost && !started.includes('rabbitmq')) await deleteTestVhost(vhost);
  if (started.length > 0) await stopAll(infrastructure, started);
}
