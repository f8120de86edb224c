import { writeFileSync } from 'node:fs';
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
  if (mode !== 'external') {
    const result = await startAll(infrastructure);
    if (result.errors.length > 0) {
      await stopAll(infrastructure, result.started);
      assertNoErrors(result.errors);
    }
    (globalThis as Record<string, unknown>)[STARTED_KEY] = result.started;
    writeFileSync(startedFile(), JSON.stringify(result.started));
  }
  Object.assign(process.env, infraEnv(), { RABBITMQCTL, RABBITMQ_NODENAME, RABBITMQCTL_HOME: rabbitmqctlHome() });
  if (mode !== 'external') await useTestVhost();
}

async function useTestVhost(user?: string): Promise<void> {
  const vhost = await createTestVhost(user);
  if (vhost) {
    (globalThis as Record<string, unknown>)[VHOST_KEY] = vhost;
    process.env.AMQP_URL = withVhost(process.env.AMQP_URL!, vhost);
  }
}

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
  await useTestVhost(engines.brokerUser);
}
