import net from 'node:net';
import path from 'node:path';
import { hashFiles } from '../src/cache-key';
import { realmFiles } from '../src/components/keycloak';
import { devSecrets } from '../src/dev-secrets';
import { repoRoot } from '../src/paths';
import type { Component } from '../src/component';
import { isPortOpen } from '../src/ports';
import { infrastructure } from '../src/registry';
import { startAll, statusAll, stopAll } from '../src/runner';

const node = process.execPath;

function fakeComponent(name: string, port: number, script: string, readyTimeoutMs = 1500): Component {
  return {
    name,
    ports: [port],
    readyTimeoutMs,
    install: async () => undefined,
    launch: async () => ({ command: node, args: ['-e', script] }),
    ready: async () => {
      if (!(await isPortOpen(port))) throw new Error(`port ${port} closed`);
    },
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('runner (real processes)', () => {
  it('when the global setup ran, then every server component is running and healthy', async () => {
    const statuses = await statusAll(infrastructure.filter((c) => c.launch));
    for (const status of statuses) {
      expect({ name: status.name, state: ['running', 'external'].includes(status.state), healthy: status.healthy }).toEqual({
        name: status.name,
        state: true,
        healthy: true,
      });
    }
  });

  it('when a foreign process holds the port, then start fails naming the component and the port', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const result = await startAll([fakeComponent('fake-taken', port, 'setInterval(() => {}, 1000)')], { install: false });
      expect(result.started).toEqual([]);
      expect(result.errors[0]?.message).toMatch(new RegExp(`^fake-taken: port ${port} is taken by process ${process.pid} \\(`));
    } finally {
      server.close();
    }
  });

  it('when a server never becomes ready, then start gives up at its timeout with the log tail and leaves no process', async () => {
    const port = await freePort();
    const result = await startAll([fakeComponent('fake-slow', port, "console.log('still booting'); setInterval(() => {}, 1000)", 1000)], { install: false });
    expect(result.errors[0]?.message).toContain('fake-slow: did not become ready within 1s.');
    expect(result.errors[0]?.message).toContain('still booting');
    const [status] = await statusAll([fakeComponent('fake-slow', port, '')]);
    expect(status?.state).toBe('stopped');
  });

  it('when a server exits during start-up, then start reports its exit code and last log lines', async () => {
    const port = await freePort();
    const result = await startAll([fakeComponent('fake-crash', port, "console.error('boom: bad config'); process.exit(3)", 10_000)], { install: false });
    expect(result.errors[0]?.message).toMatch(/^fake-crash: exited during start-up \(code 3\)/);
    expect(result.errors[0]?.message).toContain('boom: bad config');
  });

  it('when what a running component was launched from changed (e.g. the realm files), then start restarts it and keeps it running', async () => {
    const port = await freePort();
    const script = `require('node:net').createServer().listen(${port}, '127.0.0.1')`;
    let key = 'realm-v1';
    const fake = { ...fakeComponent('fake-launch-key', port, script, 10_000), launchKey: () => key };
    try {
      expect((await startAll([fake], { install: false })).started).toEqual(['fake-launch-key']);
      const firstPid = (await statusAll([fake]))[0]?.pid;
      expect((await startAll([fake], { install: false })).reused).toEqual(['fake-launch-key']);
      key = 'realm-v2';
      // Restarted, yet reported as reused: it ran before, so a Jest teardown must leave it running.
      expect(await startAll([fake], { install: false })).toEqual({ started: [], reused: ['fake-launch-key'], errors: [] });
      const [after] = await statusAll([fake]);
      expect(after?.state).toBe('running');
      expect(after?.pid).not.toBe(firstPid);
    } finally {
      await stopAll([fake]);
    }
  });

  it('when a restarted component lets go of its port a moment after its processes are gone, then start waits for the port instead of failing', async () => {
    const port = await freePort();
    // The listener runs in a grandchild without the runner's marker that closes its port 1 s after
    // SIGTERM: the runner no longer finds a process of its own, yet the port is still taken.
    const lingering = `process.on('SIGTERM', () => setTimeout(() => process.exit(0), 1000)); require('node:net').createServer().listen(${port}, '127.0.0.1')`;
    const script = `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(lingering)}], { env: {}, stdio: 'ignore' }); setInterval(() => {}, 1000)`;
    let key = 'v1';
    const fake = { ...fakeComponent('fake-lingering-port', port, script, 10_000), launchKey: () => key };
    try {
      expect((await startAll([fake], { install: false })).started).toEqual(['fake-lingering-port']);
      key = 'v2';
      expect(await startAll([fake], { install: false })).toEqual({ started: [], reused: ['fake-lingering-port'], errors: [] });
      expect((await statusAll([fake]))[0]?.state).toBe('running');
    } finally {
      await stopAll([fake]);
    }
    expect(await isPortOpen(port)).toBe(false);
  });

  it('when Keycloak is started, then its launch key is the hash of the realm files it imports and the machine secrets it is given', () => {
    const keycloak = infrastructure.find((c) => c.name === 'keycloak')!;
    const { keycloakBackendSecret, keycloakAdminPassword } = devSecrets();
    expect(keycloak.launchKey?.()).toBe(hashFiles(path.join(repoRoot, 'infra', 'keycloak'), realmFiles(), [keycloakBackendSecret, keycloakAdminPassword]));
    expect(keycloak.launchKey?.()).not.toBe(hashFiles(path.join(repoRoot, 'infra', 'keycloak'), realmFiles()));
  });

  it('when a component is already running, then start reuses it instead of starting another', async () => {
    const redis = infrastructure.find((c) => c.name === 'redis')!;
    const result = await startAll([redis], { install: false });
    expect(result).toEqual({ started: [], reused: ['redis'], errors: [] });
  });
});
