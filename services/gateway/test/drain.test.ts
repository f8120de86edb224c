import { Agent, createServer, request } from 'node:http';
import type { Socket } from 'node:net';
import { buildGateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { closeServer, listenLocal } from './support';

/** A service that answers POST /users when the test calls `answer()` (never, unless it does), counting its open sockets. */
async function heldService() {
  const sockets = new Set<Socket>();
  let arrived: () => void = () => undefined;
  let answer: () => void = () => undefined;
  const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let allClosed: () => void = () => undefined;
  const server = createServer((req, res) => {
    req.resume();
    arrived();
    void answered.then(() => res.end(JSON.stringify({ done: true })));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) allClosed();
    });
  });
  /** Resolves once every socket the gateway opened to this service is closed. */
  const socketsClosed = () => (sockets.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve)));
  return { server, url: await listenLocal(server), requestArrived, answer, socketsClosed };
}

// A drain time beyond any test: were stop() to wait for it, the test would time out instead of passing.
const NEVER_MS = 10 * 60_000;

/** A call on a new connection (no pooled keep-alive socket to reuse): its status, or the error code. */
function freshCall(base: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${base}/lessons`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** POST /users on a keep-alive socket the client never closes by itself (fetch's would close when idle for 4 s). */
function postOnKeepAlive(base: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/users`, { method: 'POST', agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

async function startGateway(contentUrl: string, drainMs: number) {
  const config = gatewayConfigSchema.parse({ PORT: 0, CONTENT_URL: contentUrl, DRAIN_MS: String(drainMs) });
  const gateway = buildGateway(config, undefined, { verifyToken: async () => ({ roles: [] }) });
  return { gateway, base: `http://127.0.0.1:${await gateway.start(0)}` };
}

describe('gateway drain on shutdown', () => {
  it('when it stops during a request, then it refuses new connections, lets the request finish, then closes its upstream sockets', async () => {
    const service = await heldService();
    const { gateway, base } = await startGateway(service.url, NEVER_MS);
    const client = new Agent({ keepAlive: true });
    try {
      const inFlight = postOnKeepAlive(base, client);
      await service.requestArrived;
      const stopped = gateway.stop();
      expect(await freshCall(base)).toBe('ECONNREFUSED');
      service.answer(); // the request finishes only now, while the gateway drains
      expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' });
      // Done when the request is: the drain time and the gateway's keep-alive timeout (65 s) are beyond the test's timeout.
      await stopped;
      await service.socketsClosed();
    } finally {
      client.destroy();
      await gateway.stop();
      await closeServer(service.server);
    }
  });

  it('when a request outlives the drain time, then its connection is closed and stop still resolves', async () => {
    const service = await heldService(); // never answers
    const { gateway, base } = await startGateway(service.url, 300);
    try {
      const inFlight = fetch(`${base}/users`, { method: 'POST', body: '{}' }).then(
        (r) => r.status,
        (error: Error) => error.name,
      );
      await service.requestArrived;
      const started = Date.now();
      await gateway.stop();
      // It waited for the drain time (a timer never fires early; the margin absorbs rounding) ...
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      // ... and then closed the socket: the client has no timeout of its own that could end it.
      expect(await inFlight).toBe('TypeError');
    } finally {
      await gateway.stop();
      await closeServer(service.server);
    }
  });
});
