import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { RABBITMQCTL, rabbitmqHome, rabbitmqNode } from './components/rabbitmq';
import { componentDir } from './paths';
import { freePort } from './ports';
import { assertNoErrors, startAll, stopAll } from './runner';

const run = promisify(execFile);

export interface PrivateBroker {
  url: string;
  /** Stops the RabbitMQ application (every connection drops; durable queues and persistent messages stay). */
  stopApp(): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  startApp(): Promise<void>;
  /** Stops the node and removes its data. */
  dispose(): Promise<void>;
}

/**
 * A RabbitMQ node of its own for a test or drill that takes the broker down: doing that to the shared
 * node would cut every other test and the running portal off mid-flight. Starts in ~5–10 s.
 */
export async function startPrivateBroker(): Promise<PrivateBroker> {
  const name = `rabbitmq-private-${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const node = rabbitmqNode({ name, port, distPort: await freePort(), nodeName: `${name}@localhost`, fresh: false });
  assertNoErrors((await startAll([node], { install: false })).errors);
  const ctl = (command: string) =>
    run(RABBITMQCTL, ['-n', `${name}@localhost`, command], { env: { ...process.env, HOME: rabbitmqHome(name) }, timeout: 60_000 });
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    async stopApp() {
      await ctl('stop_app');
    },
    async startApp() {
      await ctl('start_app');
      await ctl('await_startup');
    },
    async dispose() {
      await stopAll([node]);
      rmSync(componentDir(name), { recursive: true, force: true });
    },
  };
}
