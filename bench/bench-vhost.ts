// The bench's own services (quiz → gems in-process, the timing and profiling fleet) talk over a RabbitMQ
// virtual host of their own. On the shared exchange of the default vhost every consumer of the running portal
// (and of tests running meanwhile) would also handle the bench's events: a second gems would credit each
// attempt and quiz would settle on whichever gems.credited came first, so the figure would not be ours.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { componentDir } from '../infra/local/src/paths';

const run = promisify(execFile);
const VHOST = 'kidslearn-bench';

async function ctl(args: string[]): Promise<string> {
  // The local runner's node (infra/local/src/components/rabbitmq.ts): its cookie lives in its own HOME.
  const env = { ...process.env, HOME: process.env.RABBITMQCTL_HOME ?? path.join(componentDir('rabbitmq'), 'home') };
  const node = process.env.RABBITMQ_NODENAME ?? 'kidslearn@localhost';
  const { stdout } = await run(process.env.RABBITMQCTL ?? '/usr/lib/rabbitmq/bin/rabbitmqctl', ['-n', node, '-q', ...args], { env, timeout: 60_000 });
  return stdout;
}

/** Creates the bench vhost when missing (idempotent) and answers the AMQP URL for it. */
export async function benchAmqpUrl(baseUrl: string): Promise<string> {
  const vhosts = (await ctl(['list_vhosts', 'name'])).split('\n').map((line) => line.trim());
  if (!vhosts.includes(VHOST)) await ctl(['add_vhost', VHOST]);
  const url = new URL(baseUrl);
  await ctl(['set_permissions', '-p', VHOST, decodeURIComponent(url.username || 'guest'), '.*', '.*', '.*']);
  url.pathname = `/${VHOST}`;
  return url.toString();
}
