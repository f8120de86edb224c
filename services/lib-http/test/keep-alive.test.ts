// A server started by listen() keeps an idle keep-alive connection for KEEP_ALIVE_MS and says so, so the
// gateway's pool (and a browser) keeps reusing it: a new connection waits in the accept queue of a busy service.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@kidslearn/lib-core';
import { KEEP_ALIVE_MS, closeServer, createApp, finishApp, listen } from '../src';

describe('listen keep-alive', () => {
  it('when a client keeps its connection, then the server announces and applies a keep-alive of KEEP_ALIVE_MS, not Node’s 5 s', async () => {
    const app = finishApp(createApp({ name: 'test', logger: createLogger('test', 'silent') }));
    const server = await listen(app, 0, undefined, '127.0.0.1');
    const agent = new http.Agent({ keepAlive: true });
    try {
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        http
          .get({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', path: '/healthz', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers));
          })
          .on('error', reject);
      });
      expect(KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
      expect(headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
      expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
      expect(server.headersTimeout).toBeGreaterThan(KEEP_ALIVE_MS);
    } finally {
      agent.destroy();
      await closeServer(server);
    }
  });
});
