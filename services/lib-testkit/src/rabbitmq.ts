import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

function ctl(command: string) {
  const args = process.env.RABBITMQ_NODENAME ? ['-n', process.env.RABBITMQ_NODENAME] : [];
  const options = { env: { ...process.env, ...(process.env.RABBITMQCTL_HOME ? { HOME: process.env.RABBITMQCTL_HOME } : {}) }, timeout: 60_000 };
  // The Debian wrapper in /usr/sbin switches user (and so loses the node's cookie); the runner says which to use.
  return run(process.env.RABBITMQCTL ?? 'rabbitmqctl', [...args, command], options);
}

/**
 * Stops / starts the RabbitMQ application on the runner's node (`rabbitmqctl stop_app` /
 * `start_app`): every client connection drops, the node keeps durable queues and persistent
 * messages. Node from RABBITMQ_NODENAME (default rabbit@<host>); RABBITMQCTL_HOME points at the
 * home holding the node's Erlang cookie when it is not the current user's.
 */
export async function stopRabbitMq(): Promise<void> {
  await ctl('stop_app');
}

export async function startRabbitMq(): Promise<void> {
  await ctl('start_app');
  await ctl('await_startup');
}

export async function restartRabbitMq({ downMs = 1000 }: { downMs?: number } = {}): Promise<void> {
  await stopRabbitMq();
  await new Promise((r) => setTimeout(r, downMs));
  await startRabbitMq();
}
