import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { InfraError } from '../errors';
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
 * answer them. A vhost that cannot be made fails the caller (InfraError): falling back to the default
 * vhost would let the tests race the portal unnoticed. With KIDSLEARN_INFRA=external the servers are the
 * caller's own (rabbitmqctl may not reach them): no vhost is made and undefined is returned.
 */
export async function createTestVhost(user = 'guest'): Promise<string | undefined> {
  if (process.env.KIDSLEARN_INFRA === 'external') return undefined;
  const name = `kidslearn-test-${process.pid}-${Date.now().toString(36)}`;
  try {
    await rabbitmqctl(['add_vhost', name]);
  } catch (error) {
    throw noVhostError(name, error);
  }
  try {
    await rabbitmqctl(['set_permissions', '-p', name, user, '.*', '.*', '.*']);
  } catch (error) {
    // A vhost its user may not use is of no use to anyone: leave nothing behind.
    await deleteTestVhost(name);
    throw noVhostError(name, error, user);
  }
  return name;
}

function noVhostError(name: string, error: unknown, user?: string): InfraError {
  const node = process.env.RABBITMQ_NODENAME || RABBITMQ_NODENAME;
  const what = user ? `could not give ${user} the private vhost ${name}` : `could not create the private vhost ${name}`;
  const reason = firstLine(error);
  return new InfraError(
    'rabbitmq',
    `${what} for this test run on node ${node} (${reason}). Without it the tests would share the default vhost with a running portal. ` +
      'Check that the broker runs and rabbitmqctl reaches it (RABBITMQCTL, RABBITMQ_NODENAME, RABBITMQCTL_HOME), or set KIDSLEARN_INFRA=external to test against servers of your own.',
  );
}

/** What rabbitmqctl said (its stderr names the cause; the message only repeats the command line). */
function firstLine(error: unknown): string {
  const { stderr, message } = error as { stderr?: string; message?: string };
  const said = `${stderr ?? ''}`.split('\n').map((line) => line.trim()).find(Boolean);
  return said ?? (message ?? String(error)).split('\n')[0]!;
}

export async function deleteTestVhost(name: string): Promise<void> {
  await rabbitmqctl(['delete_vhost', name]).catch(() => undefined);
}
