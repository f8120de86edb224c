import { mkdirSync, rmSync } from 'node:fs';
import Redis from 'ioredis';
import { aptEnsure, stopSystemService } from '../apt';
import type { Component } from '../component';
import { componentDir } from '../paths';

const PORT = 6379;
const BINARY = '/usr/bin/redis-server';

export interface RedisServerOptions {
  /** Component name: also the directory under .local it runs in. */
  name: string;
  port: number;
  /** Empty its directory each launch (the portal's instance) or keep it across launches. */
  fresh: boolean;
}

/**
 * Redis from Debian's redis-server, in memory (no persistence), in its own directory under .local/<name>.
 * The portal's instance is one; a drill that stops Redis starts a private one beside it (private-redis.ts).
 */
export function redisServer({ name, port, fresh }: RedisServerOptions): Component {
  return {
    name,
    ports: [port],
    urls: [`redis://127.0.0.1:${port}`],
    readyTimeoutMs: 15_000,

    async install() {
      if (await aptEnsure('redis', BINARY, ['redis-server'])) await stopSystemService('redis', 'redis-server');
    },

    async launch() {
      const dir = componentDir(name);
      if (fresh) rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      return {
        command: BINARY,
        args: ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--protected-mode', 'yes'],
        cwd: dir,
      };
    },

    async ready() {
      const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const pong = await client.ping();
        if (pong !== 'PONG') throw new Error(`PING answered ${pong}`);
      } finally {
        client.disconnect();
      }
    },
  };
}

/** The portal's Redis: a fresh in-memory instance per start. */
export const redis: Component = redisServer({ name: 'redis', port: PORT, fresh: true });
