import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { infraEnv } from '../env';
import { localDir } from '../paths';
import { infrastructure } from '../registry';
import { assertNoErrors, startAll, stopAll } from '../runner';
import { RABBITMQCTL, RABBITMQ_NODENAME, createTestVhost, rabbitmqctlHome, withVhost } from './test-vhost';

export const STARTED_KEY = '__KIDSLEARN_INFRA_STARTED__';
export const VHOST_KEY = '__KIDSLEARN_TEST_VHOST__';
export const startedFile = (): string => path.join(localDir, `jest-started-${process.pid}.json`);

/**
 * Jest global setup of the integration project: installs what is missing (cached), starts what is not
 * running (reusing running servers) and exports the URLs of docs/CONTRACTS.md to the test workers.
 * Set KIDSLEARN_INFRA=external to skip it and point the env vars at servers of your own.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.KIDSLEARN_INFRA !== 'external') {
    const result = await startAll(infrastructure);
    if (result.errors.length > 0) {
      await stopAll(infrastructure, result.started);
      assertNoErrors(result.errors);
    }
    (globalThis as Record<string, unknown>)[STARTED_KEY] = result.started;
    writeFileSync(startedFile(), JSON.stringify(result.started));
  }
  Object.assign(process.env, infraEnv(), { RABBITMQCTL, RABBITMQ_NODENAME, RABBITMQCTL_HOME: rabbitmqctlHome() });
  if (process.env.KIDSLEARN_INFRA !== 'external') {
    const vhost = await createTestVhost();
    if (vhost) {
      (globalThis as Record<string, unknown>)[VHOST_KEY] = vhost;
      process.env.AMQP_URL = withVhost(process.env.AMQP_URL!, vhost);
    }
  }
}
