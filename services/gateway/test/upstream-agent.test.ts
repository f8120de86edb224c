// The gateway's pool of connections to a service (upstream-agent.ts): a request never goes over a connection the
// service has not answered on yet. On Node 20 a busy service accepts one connection per event-loop turn, so a
// request bound to a fresh connection waited up to 37 s in the learners drill while older connections were served.
import http, { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { UpstreamAgent } from '../src/upstream-agent';
import { closeServer, listenLocal } from './support';

interface Seen {
  /** x-order of each request (probes have none), in the order the service read them */
  order: string[];
  /** x-order of the requests that were the first one on their connection */
  firstOnConnection: string[];
  connections: number;
}

/**
 * A service that reads the first request of every connection `firstDelayMs` late (as a busy service's accept
 * queue does) and answers every request after `answerMs`.
 */
async function service(options: { firstDelayMs: number; answerMs: number; keepAlive?: boolean }) {
  const seen: Seen = { order: [], firstOnConnection: [], connections: 0 };
  const served = new WeakSet<Socket>();
  const server: Server = createServer((req, res) => {
    const first = !served.has(req.socket);
    served.add(req.socket);
    const order = req.headers['x-order'];
    const answer = () => {
      if (typeof order === 'string') {
        seen.order.push(order);
        if (first) seen.firstOnConnection.push(order);
      }
      const answerMs = Number(req.headers['x-answer-ms'] ?? options.answerMs);
      setTimeout(() => res.writeHead(200, options.keepAlive === false ? { connection: 'close' } : {}).end('ok'), answerMs);
    };
    req.resume();
    req.on('end', () => (first ? setTimeout(answer, options.firstDelayMs).unref() : answer()));
  });
  server.on('connection', () => seen.connections++);
  return { seen, server, base: await listenLocal(server) };
}

/** GET through the agent; resolves with the status or the error code. */
function get(agent: http.Agent, base: string, order?: number, headers: Record<string, string> = {}): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(`${base}/work`, { agent, headers: { ...headers, ...(order === undefined ? {} : { 'x-order': String(order) }) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const agentFor = (queueTimeoutMs = 10_000) => new UpstreamAgent({ probePath: '/healthz', maxSockets: 64, idleTimeoutMs: 30_000, queueTimeoutMs });

describe('the gateway’s connections to a service', () => {
  let server: Server | undefined;
  let agent: UpstreamAgent | undefined;
  afterEach(async () => {
    agent?.destroy();
    if (server) await closeServer(server);
    server = undefined;
  });

  it('when no connection is free and new ones are slow to be read, then a burst goes over the answered connection, oldest first', async () => {
    const fixture = await service({ firstDelayMs: 3000, answerMs: 20 });
    server = fixture.server;
    agent = agentFor();
    expect(await get(agent, fixture.base, 0)).toBe(200);
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => get(agent!, fixture.base, i + 1)));
    expect(statuses).toEqual(Array(10).fill(200));
    // Node's own agent sends 9 of these over fresh connections, each read 3 s late.
    expect(fixture.seen.firstOnConnection).toEqual([]);
    expect(fixture.seen.order).toEqual(Array.from({ length: 11 }, (_, i) => String(i)));
  }, 20_000);

  it('when a caller gives up while its request waits, then the request is never sent and the next one takes its turn', async () => {
    const fixture = await service({ firstDelayMs: 3000, answerMs: 0 });
    server = fixture.server;
    agent = agentFor();
    expect(await get(agent, fixture.base, 0)).toBe(200);
    const holding = get(agent, fixture.base, 1, { 'x-answer-ms': '300' });
    const abandoned = http.get(`${fixture.base}/work`, { agent, headers: { 'x-order': '2' } });
    abandoned.on('error', () => undefined);
    abandoned.destroy();
    expect(await Promise.all([holding, get(agent, fixture.base, 3)])).toEqual([200, 200]);
    expect(fixture.seen.order).toEqual(['0', '1', '3']);
  }, 20_000);

  it('when an idle service gets a burst, then each request gets a connection of its own and every connection is reused', async () => {
    const fixture = await service({ firstDelayMs: 0, answerMs: 300 });
    server = fixture.server;
    agent = agentFor();
    const burst = () => Promise.all(Array.from({ length: 20 }, (_, i) => get(agent!, fixture.base, i)));
    expect(await burst()).toEqual(Array(20).fill(200));
    expect(fixture.seen.connections).toBe(20);
    expect(await burst()).toEqual(Array(20).fill(200));
    expect(fixture.seen.connections).toBe(20);
    expect(fixture.seen.firstOnConnection).toEqual([]);
  });

  it('when the service closes every connection after answering, then each request still gets its answer', async () => {
    const fixture = await service({ firstDelayMs: 0, answerMs: 0, keepAlive: false });
    server = fixture.server;
    agent = agentFor();
    expect(await Promise.all(Array.from({ length: 5 }, (_, i) => get(agent!, fixture.base, i)))).toEqual(Array(5).fill(200));
    expect([...fixture.seen.order].sort()).toEqual(['0', '1', '2', '3', '4']);
  });

  it('when nothing listens, then the request fails at once with the connection error (the proxy then tries another instance)', async () => {
    const fixture = await service({ firstDelayMs: 0, answerMs: 0 });
    await closeServer(fixture.server);
    agent = agentFor();
    expect(await get(agent, fixture.base, 0)).toBe('ECONNREFUSED');
  });

  it('when no connection becomes usable in time, then the waiting request fails with ETIMEDOUT', async () => {
    const fixture = await service({ firstDelayMs: 60_000, answerMs: 0 });
    server = fixture.server;
    agent = agentFor(300);
    expect(await get(agent, fixture.base, 0)).toBe('ETIMEDOUT');
    expect(fixture.seen.order).toEqual([]);
  });
});
