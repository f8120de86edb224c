// A service behind the gateway with two instances (issue 20): requests are spread over them, and one that dies
// (a refused or reset connection, before any answer) costs the caller nothing when the request may be sent again.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { buildGateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { closeServer, listenLocal, withHealthz } from './support';

const bodyOf = async (req: IncomingMessage) => {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
};

/** An instance that answers with its name and what it received. */
const instance = (name: string, seen: string[]) =>
  createServer(
    withHealthz(async (req, res) => {
      const body = await bodyOf(req);
      seen.push(`${name} ${req.method} ${req.url} ${body}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, body }));
    }),
  );

/** An instance that takes the request and dies before answering (a SIGKILL under load). */
const dying = (seen: string[]) =>
  createServer(
    withHealthz(async (req, res) => {
      await bodyOf(req);
      seen.push(`dying ${req.method} ${req.url}`);
      res.socket?.resetAndDestroy();
    }),
  );

describe('gateway with several instances of a service', () => {
  const servers: Server[] = [];
  let gateway: ReturnType<typeof buildGateway> | undefined;

  const start = async (...instances: Server[]) => {
    servers.push(...instances);
    const urls = await Promise.all(instances.map((server) => listenLocal(server)));
    const config = gatewayConfigSchema.parse({ PORT: 0, QUIZ_URL: urls.join(','), CONTENT_URL: urls.join(', ') });
    gateway = buildGateway(config, undefined, { verifyToken: async () => ({ roles: [] }) });
    return `http://127.0.0.1:${await gateway.start(0)}`;
  };

  afterEach(async () => {
    await gateway?.stop();
    for (const server of servers.splice(0)) await closeServer(server).catch(() => undefined);
  });

  it('when a service has two instances, then requests go to each in turn', async () => {
    const seen: string[] = [];
    const base = await start(instance('one', seen), instance('two', seen));
    const names = [];
    for (let i = 0; i < 4; i += 1) names.push(((await (await fetch(`${base}/standings/l1`)).json()) as { name: string }).name);
    expect(names).toEqual(['one', 'two', 'one', 'two']);
  });

  it('when an instance is gone (connection refused), then reads and keyed writes are answered by the other', async () => {
    const seen: string[] = [];
    const gone = createServer();
    const base = await start(gone, instance('alive', seen));
    await closeServer(gone);
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/standings/l1`)).status).toBe(200);
    const post = await fetch(`${base}/quiz-results`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' }, body: '{"quizId":"l1"}' });
    expect(await post.json()).toEqual({ name: 'alive', body: '{"quizId":"l1"}' });
  });

  it('when an instance dies with a keyed write in hand, then the same body goes to the other instance once', async () => {
    const seen: string[] = [];
    const base = await start(dying(seen), instance('alive', seen));
    const post = () => fetch(`${base}/quiz-results`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'k-2' }, body: '{"answers":["A"]}' });
    // The first write of the round goes to the dying instance, is sent again, and is answered by the other.
    expect(await (await post()).json()).toEqual({ name: 'alive', body: '{"answers":["A"]}' });
    expect(seen).toEqual(['dying POST /quiz-results', 'alive POST /quiz-results {"answers":["A"]}']);
  });

  it('when an instance dies with a write that has no Idempotency-Key, then it is not sent again: 502', async () => {
    const seen: string[] = [];
    const base = await start(dying(seen), instance('alive', seen));
    const post = await fetch(`${base}/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(502);
    expect(seen).toEqual(['dying POST /users']);
  });
});
