import type { Express } from 'express';
import type { Server } from 'node:http';
import type { Shutdown } from '@kidslearn/lib-core';
import { markDraining } from './draining';

export interface CloseOptions {
  /** How long /readyz answers 503 before the server stops accepting (lets a balancer notice). */
  unreadyDelayMs?: number;
  /** How long in-flight requests may take to finish before their sockets are closed. */
  graceMs?: number;
}

const appOf = new WeakMap<Server, Express>();

/**
 * How long an idle keep-alive connection is kept (Node's default is 5 s). The gateway reuses its connections to
 * the services (and browsers theirs to the gateway) for as long as the server keeps them. A new connection is the
 * costly path under load: Node 20's libuv accepts one connection per turn of the event loop (libuv/libuv#3696,
 * nodejs/node#57364), and a busy service turns its loop only a few times a second, so a burst of new connections
 * waits in the accept queue for seconds while the kept ones are served (the learners drill measured 2 s median,
 * 10 s at p99, against 0.1 / 0.4 s on a reused connection; on a slow day `ss` showed up to 140 connections queued on
 * quiz's listening socket, draining at about 5 a second). So the gateway sends requests only over connections a
 * service has answered on (gateway upstream-agent.ts). A draining server still closes idle connections at once.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Starts the server; resolves once it listens. On shutdown (or closeServer) it reports unready,
 * then drains (stops accepting, lets in-flight requests finish, bounded), then closes every socket.
 */
export function listen(app: Express, port: number, shutdown?: Shutdown, host?: string, options: CloseOptions = {}): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = host ? app.listen(port, host) : app.listen(port);
    appOf.set(server, app);
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    // Headers of a request on a kept connection must be allowed at least as long as the connection is kept.
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      shutdown?.add('http server', () => closeServer(server, options));
      resolve(server);
    });
  });
}

export async function closeServer(server: Server, { unreadyDelayMs = 0, graceMs = 8000 }: CloseOptions = {}): Promise<void> {
  const app = appOf.get(server);
  if (app) markDraining(app);
  if (unreadyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, unreadyDelayMs));
  await new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    // A response in flight when the drain began leaves its keep-alive socket idle afterwards, and Node
    // would keep it until keepAliveTimeout: close sockets as they turn idle (in-flight ones are skipped),
    // so the drain ends with the last response.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close((err) => {
      clearTimeout(deadline);
      clearInterval(sweep);
      if (err && (err as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(err);
      else resolve();
    });
    server.closeIdleConnections();
    // Keep-alive sockets that finish a request while draining are closed instead of kept idle.
    server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
  });
}
