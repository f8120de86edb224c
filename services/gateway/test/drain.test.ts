import { createServer, request } from 'node:http';
import type { Socket } from 'node:net';
import { buildGateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { closeServer, listenLocal } from './support';

/** A service that answers POST /users after `delayMs` (or never, with `hang`), counting its open sockets. */
async function slowService(delayMs: number, { hang = false } = {}) {
  const sockets = new Set<Socket>();
  let arrived: () => void = () => undefined;
  const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((req, res) => {
    req.resume();
    arrived();
    if (!hang) setTimeout(() => res.end(JSON.stringify({ done: true })), delayMs);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return { server, url: await listenLocal(server), requestArrived, sockets };
}

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

async function startGateway(contentUrl: string, drainMs: number) {
  const config = gatewayConfigSchema.parse({ PORT: 0, CONTENT_URL: contentUrl, DRAIN_MS: String(drainMs) });
  const gateway = buildGateway(config, undefined, { verifyToken: async () => ({ roles: [] }) });
  return { gateway, base: `http://127.0.0.1:${await gateway.start(0)}` };
}

describe('gateway drain on shutdown', () => {
  it('when it stops during a request, then it refuses new connections, lets the request finish, then closes its upstream sockets', async () => {
    const service = await slowService(400);
    const { gateway, base } = await startGateway(service.url, 5000);
    try {
      const inFlight = fetch(`${base}/users`, { method: 'POST', body: '{}' }).then(async (r) => ({ status: r.status, body: await r.text() }));
      await service.requestArrived;
      const started = Date.now();
      const stopped = gateway.stop();
      expect(await freshCall(base)).toBe('ECONNREFUSED');
      expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' });
      await stopped;
      // Done when the request is, not at the drain deadline.
      expect(Date.now() - started).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(service.sockets.size).toBe(0);
    } finally {
      await gateway.stop();
      await closeServer(service.server);
    }
  });

  it('when a request outlives the drain time, then its connection is closed and stop still resolves', async () => {
    const service = await slowService(0, { hang: true });
    const { gateway, base } = await startGateway(service.url, 300);
    try {
      const inFlight = fetch(`${base}/users`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        (error: Error) => error.name,
      );
      await service.requestArrived;
      const started = Date.now();
      await gateway.stop();
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await inFlight).toBe('TypeError'); // the socket was closed, not left to the client's timeout
    } finally {
      await gateway.stop();
      await closeServer(service.server);
    }
  });
});
