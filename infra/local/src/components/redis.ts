import { mkdirSync, rmSync } from 'node:fs';
import Redis from 'ioredis';
import { aptEnsure, stopSystemService } from '../apt';
import type { Component } from '../component';
import { componentDir } from '../paths';

const PORT = 6379;
const BINARY = '/usr/bin/redis-server';

/** Redis from Debian's redis-server, a fresh in-memory instance per start (no persistence). */
export const redis: Component = {
  name: 'redis',
  ports: [PORT],
  urls: [`redis://127.0.0.1:${PORT}`],
  readyTimeoutMs: 15_000,

  async install() {
    if (await aptEnsure('redis', BINARY, ['redis-server'])) await stopSystemService('redis', 'redis-server');
  },

  async launch() {
    const dir = componentDir('redis');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return {
      command: BINARY,
      args: ['--port', String(PORT), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--protected-mode', 'yes'],
      cwd: dir,
    };
  },

  async ready() {
    const client = new Redis({ port: PORT, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500 });
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
