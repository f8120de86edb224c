import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createShutdown } from '@kidslearn/lib-core';
import { createApp, finishApp, listen } from '../src';

const logger = createLogger('test', 'silent');

function fetchOn(agent: http.Agent, port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('when shutdown starts, then /readyz reports unready, the request in flight still finishes, then the server closes', async () => {
    const app = createApp({ name: 'drain', logger });
    app.get('/slow', (_req, res) => {
      setTimeout(() => res.json({ done: true }), 600);
    });
    finishApp(app);
    const shutdown = createShutdown(logger, { handleSignals: false });
    const server = await listen(app, 0, shutdown, '127.0.0.1', { unreadyDelayMs: 300 });
    const port = (server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

    expect((await fetchOn(agent, port, '/readyz')).status).toBe(200);
    const slow = fetchOn(agent, port, '/slow');
    await new Promise((r) => setTimeout(r, 50));
    const stopped = shutdown.run('test');
    await new Promise((r) => setTimeout(r, 50));
    const probe = await fetchOn(agent, port, '/readyz');
    expect(probe.status).toBe(503);
    expect(JSON.parse(probe.body).status).toBe('draining');
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    await stopped;
    expect(server.listening).toBe(false);
    agent.destroy();
  });

  it('when the request in flight finishes on a keep-alive socket, then the drain ends with it, not at the keep-alive timeout', async () => {
    const app = createApp({ name: 'drain', logger });
    app.get('/slow', (_req, res) => {
      setTimeout(() => res.json({ done: true }), 300);
    });
    finishApp(app);
    const shutdown = createShutdown(logger, { handleSignals: false });
    const server = await listen(app, 0, shutdown, '127.0.0.1', { graceMs: 8000 });
    const agent = new http.Agent({ keepAlive: true });
    const slow = fetchOn(agent, (server.address() as AddressInfo).port, '/slow');
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await shutdown.run('test');
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    expect(Date.now() - started).toBeLessThan(1500);
    agent.destroy();
  });

  it('when a request outlives the grace period, then its socket is closed and shutdown completes', async () => {
    const app = createApp({ name: 'drain', logger });
    app.get('/stuck', () => undefined);
    finishApp(app);
    const shutdown = createShutdown(logger, { handleSignals: false });
    const server = await listen(app, 0, shutdown, '127.0.0.1', { graceMs: 200 });
    const port = (server.address() as AddressInfo).port;
    const stuck = fetchOn(new http.Agent(), port, '/stuck').then(
      () => 'answered',
      () => 'socket closed',
    );
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await shutdown.run('test');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await stuck).toBe('socket closed');
  });
});
