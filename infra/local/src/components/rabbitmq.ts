import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import amqp from 'amqplib';
import { aptEnsure, stopSystemService } from '../apt';
import { migrateNodeQueues } from '../broker-queues';
import type { Component } from '../component';
import { say } from '../log';
import { componentDir } from '../paths';
import { rabbitmqHome } from '../rabbitmqctl';

export { RABBITMQCTL, rabbitmqHome, rabbitmqctl } from '../rabbitmqctl';

const PORT = 5672;
/** The Debian wrapper in /usr/sbin switches to the rabbitmq user; the real script runs as whoever calls it. */
const SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';

export interface RabbitMqNodeOptions {
  /** Component name: also the directory under .local holding the node's data. */
  name: string;
  port: number;
  /**
   * The Erlang distribution port (default: the AMQP port + 20000, the fixed nodes' convention: 25672, 25681–25683).
   * A node on a chosen port takes a chosen distribution port too: AMQP port + 20000 lands in the ephemeral range,
   * where a server listening on port 0 can take it while the node starts (prelaunch then stops: dist_port_already_used).
   */
  distPort?: number;
  /** Erlang node name, e.g. kidslearn@localhost. */
  nodeName: string;
  /** Start with an empty database each launch (the portal's node) or keep queues across launches. */
  fresh: boolean;
  /** The Erlang cookie, read at each launch: shared by the nodes of a cluster (default: the node's own, made at first start). */
  cookie?: () => string;
  /** The port of the epmd a cluster's nodes register with (default: Erlang's 4369, shared with other nodes). */
  epmdPort?: number;
}

function writeCookie(home: string, cookie: string | undefined): void {
  const file = path.join(home, '.erlang.cookie');
  if (cookie === undefined && existsSync(file)) return;
  if (existsSync(file)) chmodSync(file, 0o600);
  writeFileSync(file, cookie ?? randomBytes(20).toString('hex').toUpperCase());
  chmodSync(file, 0o400);
}

/**
 * A RabbitMQ node from Debian's rabbitmq-server with its own mnesia, logs, HOME and cookie under
 * .local/<name>, so it neither needs nor touches a system instance. The portal's node is one; a test
 * that restarts its broker starts a private one beside it (see private-broker.ts); a cluster is three
 * (broker-cluster.ts).
 */
export function rabbitmqNode(options: RabbitMqNodeOptions): Component {
  const { name, port, nodeName, fresh, cookie, epmdPort } = options;
  const distPort = options.distPort ?? port + 20000;
  return {
    name,
    ports: [port, distPort],
    urls: [`amqp://guest:guest@127.0.0.1:${port}`],
    readyTimeoutMs: 120_000,

    async install() {
      if (await aptEnsure('rabbitmq', SERVER, ['rabbitmq-server'])) await stopSystemService('rabbitmq', 'rabbitmq-server');
    },

    async launch() {
      const dir = componentDir(name);
      if (fresh) rmSync(dir, { recursive: true, force: true });
      const home = rabbitmqHome(name);
      for (const sub of ['home', 'mnesia', 'log', 'conf']) mkdirSync(path.join(dir, sub), { recursive: true });
      writeCookie(home, cookie?.());
      const conf = path.join(dir, 'conf');
      writeFileSync(path.join(conf, 'rabbitmq-env.conf'), '');
      writeFileSync(path.join(conf, 'rabbitmq.conf'), 'loopback_users.guest = true\n');
      writeFileSync(path.join(conf, 'enabled_plugins'), '[].\n');
      return {
        command: SERVER,
        args: [],
        cwd: dir,
        env: {
          HOME: home,
          RABBITMQ_NODENAME: nodeName,
          RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
          RABBITMQ_NODE_PORT: String(port),
          RABBITMQ_DIST_PORT: String(distPort),
          RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
          RABBITMQ_LOG_BASE: path.join(dir, 'log'),
          RABBITMQ_LOGS: '-',
          RABBITMQ_CONF_ENV_FILE: path.join(conf, 'rabbitmq-env.conf'),
          RABBITMQ_CONFIG_FILE: path.join(conf, 'rabbitmq.conf'),
          RABBITMQ_ADVANCED_CONFIG_FILE: path.join(conf, 'advanced.config'),
          RABBITMQ_ENABLED_PLUGINS_FILE: path.join(conf, 'enabled_plugins'),
          RABBITMQ_PID_FILE: path.join(dir, 'rabbitmq.pid'),
          ERL_EPMD_ADDRESS: '127.0.0.1',
          ...(epmdPort ? { ERL_EPMD_PORT: String(epmdPort) } : {}),
          // Keep the Erlang distribution port on loopback too.
          RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
        },
      };
    },

    async ready() {
      const connection = await amqp.connect(`amqp://guest:guest@127.0.0.1:${port}`, { timeout: 2000 });
      await connection.close();
    },

    // A node that ran before this checkout declared quorum queues holds classic ones: migrate them.
    async afterReuse() {
      try {
        await migrateNodeQueues({ name, nodeName, epmdPort, port });
      } catch (error) {
        say(name, `could not check its queues: ${(error as Error).message}`);
      }
    },
  };
}

/** The portal's broker: a fresh node per start. */
export const rabbitmq: Component = rabbitmqNode({ name: 'rabbitmq', port: PORT, nodeName: 'kidslearn@localhost', fresh: true });
