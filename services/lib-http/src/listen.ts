import type { Express } from 'express';
import type { Server } from 'node:http';
import type { Shutdown } from '@kidslearn/lib-core';

/**
 * Starts the server; resolves once it listens. On shutdown it stops accepting connections,
 * lets in-flight requests finish and closes idle keep-alive sockets.
 */
export function listen(app: Express, port: number, shutdown?: Shutdown, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = host ? app.listen(port, host) : app.listen(port);
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      shutdown?.add('http server', () => closeServer(server));
      resolve(server);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeIdleConnections();
  });
}
