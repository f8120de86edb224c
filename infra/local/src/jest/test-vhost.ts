import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { componentDir } from '../paths';

const run = promisify(execFile);
export const RABBITMQCTL = '/usr/lib/rabbitmq/bin/rabbitmqctl';
export const RABBITMQ_NODENAME = 'kidslearn@localhost';
export const rabbitmqctlHome = (): string => path.join(componentDir('rabbitmq'), 'home');

/** The runner's node, or what the global setup handed over (KIDSLEARN_INFRA=containers: the broker container's). */
function rabbitmqctl(args: string[]) {
  const command = process.env.RABBITMQCTL || RABBITMQCTL;
  const node = process.env.RABBITMQ_NODENAME || RABBITMQ_NODENAME;
  return run(command, ['-n', node, ...args], { env: { ...process.env, HOME: process.env.RABBITMQCTL_HOME || rabbitmqctlHome() }, timeout: 60_000 });
}

/** AMQP URL with its virtual host replaced (the vhost is the URL's path, percent-encoded). */
export function withVhost(amqpUrl: string, vhost: string): string {
  const url = new URL(amqpUrl);
  url.pathname = `/${encodeURIComponent(vhost)}`;
  return url.toString();
}

/**
 * One RabbitMQ virtual host per test run: the exchange is shared by every service, so without it a
 * portal running beside the tests (npm start, the e2e journeys) would consume the tests' events and
 * answer them. Returns undefined (tests then share the default vhost) where rabbitmqctl is unusable.
 */
export async function createTestVhost(user = 'guest'): Promise<string | undefined> {
  const name = `kidslearn-test-${process.pid}-${Date.now().toString(36)}`;
  try {
    await rabbitmqctl(['add_vhost', name]);
    await rabbitmqctl(['set_permissions', '-p', name, user, '.*', '.*', '.*']);
    return name;
  } catch (error) {
    console.warn(`[infra] no private RabbitMQ vhost for this test run (${(error as Error).message.split('\n')[0]}); using the default one`);
    return undefined;
  }
}

export async function deleteTestVhost(name: string): Promise<void> {
  await rabbitmqctl(['delete_vhost', name]).catch(() => undefined);
}
