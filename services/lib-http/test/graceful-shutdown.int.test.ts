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

/** A route held open until the test releases it; `arrived` resolves once a request is in it. */
function heldRoute() {
  let arrive: () => void = () => undefined;
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = (_req: unknown, res: { json(body: unknown): void }) => {
    arrive();
    void released.then(() => res.json({ done: true }));
  };
  return { handler, arrived, release };
}

/** Resolves once `check()` holds (polled): waits for a state, not for a guessed time. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

// Deadlines far beyond any test: were the drain to wait for one, the test would time out instead of passing.
const NEVER_MS = 10 * 60_000;
const shutdownOf = () => createShutdown(logger, { handleSignals: false, timeoutMs: NEVER_MS });

describe('graceful shutdown', () => {
  it('when shutdown starts, then /readyz reports unready, the request in flight still finishes, then the server closes', async () => {
    const app = createApp({ name: 'drain', logger });
    const slowRoute = heldRoute();
    app.get('/slow', slowRoute.handler);
    finishApp(app);
    const shutdown = shutdownOf();
    // The unready window is the product's: /readyz must be asked within it (a local round trip, far shorter).
    const server = await listen(app, 0, shutdown, '127.0.0.1', { unreadyDelayMs: 1000, graceMs: NEVER_MS });
    const port = (server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

    expect((await fetchOn(agent, port, '/readyz')).status).toBe(200);
    const slow = fetchOn(agent, port, '/slow');
    await slowRoute.arrived;
    const stopped = shutdown.run('test');
    const probe = await fetchOn(agent, port, '/readyz');
    expect(probe.status).toBe(503);
    expect(JSON.parse(probe.body).status).toBe('draining');
    await until(() => !server.listening); // the drain proper: no longer accepting, the request still in flight
    slowRoute.release();
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    await stopped;
    expect(server.listening).toBe(false);
    agent.destroy();
  });

  it('when the request in flight finishes on a keep-alive socket, then the drain ends with it, not at the keep-alive timeout', async () => {
    const app = createApp({ name: 'drain', logger });
    const slowRoute = heldRoute();
    app.get('/slow', slowRoute.handler);
    finishApp(app);
    const shutdown = shutdownOf();
    const server = await listen(app, 0, shutdown, '127.0.0.1', { graceMs: NEVER_MS });
    server.keepAliveTimeout = NEVER_MS; // an idle keep-alive socket would otherwise close by itself after 5 s
    const agent = new http.Agent({ keepAlive: true });
    const slow = fetchOn(agent, (server.address() as AddressInfo).port, '/slow');
    await slowRoute.arrived;
    const stopped = shutdown.run('test');
    await until(() => !server.listening);
    slowRoute.release();
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    // Neither the grace period nor the keep-alive timeout ends within the test: only the finished request can end the drain.
    await stopped;
    expect(server.listening).toBe(false);
    agent.destroy();
  });

  it('when a request outlives the grace period, then its socket is closed and shutdown completes', async () => {
    const app = createApp({ name: 'drain', logger });
    app.get('/stuck', () => undefined);
    finishApp(app);
    const shutdown = shutdownOf();
    const server = await listen(app, 0, shutdown, '127.0.0.1', { graceMs: 200 });
    server.keepAliveTimeout = NEVER_MS;
    const port = (server.address() as AddressInfo).port;
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const stuck = fetchOn(new http.Agent(), port, '/stuck').then(
      () => 'answered',
      () => 'socket closed',
    );
    await arrived;
    // The request never answers and no other timeout ends within the test: only the grace period can end it.
    await shutdown.run('test');
    expect(await stuck).toBe('socket closed');
    expect(server.listening).toBe(false);
  });
});
