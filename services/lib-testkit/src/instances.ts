import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How many instances of each service a test harness starts: `TEST_INSTANCES` (default 1). The cross-service
 * integration tests run with 2 to prove the services are correct with several instances (issue 20).
 */
export const testInstances = (): number => Math.max(1, Number(process.env.TEST_INSTANCES ?? 1) || 1);

export interface RoundRobin {
  /** Where to send requests: each goes to the next instance in turn. */
  url: string;
  close(): Promise<void>;
}

/**
 * A tiny HTTP front for a test's instances of one service: each request goes to the next one in turn (what the
 * gateway does in front of a deployment), streamed both ways. One URL serves itself (no front).
 */
export async function roundRobin(urls: string[]): Promise<RoundRobin> {
  if (urls.length === 1) return { url: urls[0]!, close: async () => undefined };
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(urls[next++ % urls.length]!);
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
