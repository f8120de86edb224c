import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { devSecrets } from '../dev-secrets';
import { infraEnv } from '../env';
import { localDir } from '../paths';
import { infrastructure } from '../registry';
import { assertNoErrors, startAll, stopAll } from '../runner';
import { RABBITMQCTL, RABBITMQ_NODENAME, createTestVhost, rabbitmqctlHome, withVhost } from './test-vhost';

export const STARTED_KEY = '__KIDSLEARN_INFRA_STARTED__';
export const VHOST_KEY = '__KIDSLEARN_TEST_VHOST__';
export const ENGINES_KEY = '__KIDSLEARN_TEST_CONTAINERS__';
export const startedFile = (): string => path.join(localDir, `jest-started-${process.pid}.json`);

/**
 * Jest global setup of the integration project: installs what is missing (cached), starts what is not
 * running (reusing running servers) and exports the URLs of docs/CONTRACTS.md to the test workers.
 * Set KIDSLEARN_INFRA=external to skip it and point the env vars at servers of your own, or
 * KIDSLEARN_INFRA=containers to run MongoDB 7, RabbitMQ, Redis and Keycloak as containers (testcontainers;
 * containers/): the production engines, where a container engine exists.
 */
export default async function globalSetup(): Promise<void> {
  const mode = process.env.KIDSLEARN_INFRA;
  if (mode === 'containers') return containersSetup();
  let started: string[] = [];
  if (mode !== 'external') {
    const result = await startAll(infrastructure);
    if (result.errors.length > 0) {
      await stopAll(infrastructure, result.started);
      assertNoErrors(result.errors);
    }
    started = result.started;
    (globalThis as Record<string, unknown>)[STARTED_KEY] = started;
    writeFileSync(startedFile(), JSON.stringify(started));
  }
  Object.assign(process.env, infraEnv(), { RABBITMQCTL, RABBITMQ_NODENAME, RABBITMQCTL_HOME: rabbitmqctlHome() });
  // External servers are the caller's own: no vhost is made there (createTestVhost answers undefined).
  if (mode !== 'external') await useTestVhost(undefined, () => stopStarted(infrastructure, started));
}

/**
 * Points AMQP_URL at a vhost of this run's own. Failing to make it fails the run (Jest runs no global
 * teardown after a failed setup, so `undo` stops what the setup started first).
 */
async function useTestVhost(user: string | undefined, undo: () => Promise<unknown>): Promise<void> {
  let vhost: string | undefined;
  try {
    vhost = await createTestVhost(user);
  } catch (error) {
    await undo();
    rmSync(startedFile(), { force: true });
    throw error;
  }
  if (vhost) {
    (globalThis as Record<string, unknown>)[VHOST_KEY] = vhost;
    process.env.AMQP_URL = withVhost(process.env.AMQP_URL!, vhost);
  }
}

const stopStarted = async (list: typeof infrastructure, started: string[]): Promise<void> => {
  if (started.length > 0) await stopAll(list, started);
};

/** The local runner keeps what has no container here: maildev and the tools (Chromium, Helm, the validator). */
export const localInContainersMode = (): typeof infrastructure => infrastructure.filter((c) => c.name === 'maildev' || !c.launch);

async function containersSetup(): Promise<void> {
  const local = localInContainersMode();
  const result = await startAll(local);
  (globalThis as Record<string, unknown>)[STARTED_KEY] = result.started;
  writeFileSync(startedFile(), JSON.stringify(result.started));
  if (result.errors.length > 0) {
    await stopAll(local, result.started);
    assertNoErrors(result.errors);
  }
  // Loaded only here: testcontainers (and its Docker client) is not needed by the usual run.
  const { startEngines } = await import('./containers/start');
  const engines = await startEngines(devSecrets());
  (globalThis as Record<string, unknown>)[ENGINES_KEY] = engines;
  // The containers' values first: infraEnv keeps values already set and fills in the rest (maildev, the apps' URLs).
  Object.assign(process.env, engines.env);
  Object.assign(process.env, infraEnv());
  await useTestVhost(engines.brokerUser, async () => {
    await engines.stop();
    await stopStarted(local, result.started);
  });
}
