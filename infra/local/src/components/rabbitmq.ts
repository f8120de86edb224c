import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import amqp from 'amqplib';
import { aptEnsure, stopSystemService } from '../apt';
import type { Component } from '../component';
import { componentDir } from '../paths';

const PORT = 5672;
const DIST_PORT = PORT + 20000;
/** The Debian wrapper in /usr/sbin switches to the rabbitmq user; the real script runs as whoever calls it. */
const SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';

/**
 * RabbitMQ from Debian's rabbitmq-server, a fresh node per start with its own mnesia, logs, HOME and cookie
 * under .local/rabbitmq, so it neither needs nor touches a system instance.
 */
export const rabbitmq: Component = {
  name: 'rabbitmq',
  ports: [PORT, DIST_PORT],
  urls: [`amqp://guest:guest@127.0.0.1:${PORT}`],
  readyTimeoutMs: 120_000,

  async install() {
    if (await aptEnsure('rabbitmq', SERVER, ['rabbitmq-server'])) await stopSystemService('rabbitmq', 'rabbitmq-server');
  },

  async launch() {
    const dir = componentDir('rabbitmq');
    rmSync(dir, { recursive: true, force: true });
    const home = path.join(dir, 'home');
    for (const sub of ['home', 'mnesia', 'log', 'conf']) mkdirSync(path.join(dir, sub), { recursive: true });
    const cookie = path.join(home, '.erlang.cookie');
    writeFileSync(cookie, randomBytes(20).toString('hex').toUpperCase());
    chmodSync(cookie, 0o400);
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
        RABBITMQ_NODENAME: 'kidslearn@localhost',
        RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
        RABBITMQ_NODE_PORT: String(PORT),
        RABBITMQ_DIST_PORT: String(DIST_PORT),
        RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
        RABBITMQ_LOG_BASE: path.join(dir, 'log'),
        RABBITMQ_LOGS: '-',
        RABBITMQ_CONF_ENV_FILE: path.join(conf, 'rabbitmq-env.conf'),
        RABBITMQ_CONFIG_FILE: path.join(conf, 'rabbitmq.conf'),
        RABBITMQ_ADVANCED_CONFIG_FILE: path.join(conf, 'advanced.config'),
        RABBITMQ_ENABLED_PLUGINS_FILE: path.join(conf, 'enabled_plugins'),
        RABBITMQ_PID_FILE: path.join(dir, 'rabbitmq.pid'),
        ERL_EPMD_ADDRESS: '127.0.0.1',
        // Keep the Erlang distribution port on loopback too.
        RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
      },
    };
  },

  async ready() {
    const connection = await amqp.connect(`amqp://guest:guest@127.0.0.1:${PORT}`, { timeout: 2000 });
    await connection.close();
  },
};
