import type { AddressInfo } from 'node:net';
import type { RequestListener, Server } from 'node:http';

/** Resolves once the server listens on a free port of 127.0.0.1; gives its base URL. */
export async function listenLocal(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** Answers `GET /healthz` as every service does (the gateway proves a new connection with it), the rest with `handler`. */
export const withHealthz =
  (handler: RequestListener): RequestListener =>
  (req, res) => {
    if (req.method === 'GET' && req.url === '/healthz') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return handler(req, res);
  };
