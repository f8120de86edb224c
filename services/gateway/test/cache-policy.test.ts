import { createServer, type Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { buildGateway } from '../src/app';
import { NO_STORE, outgoingCacheControl } from '../src/cache-policy';
import { gatewayConfigSchema } from '../src/config';
import { closeServer, listenLocal } from './support';

describe('the Cache-Control an answer leaves the gateway with', () => {
  it.each<[string | undefined, boolean, string]>([
    [undefined, false, NO_STORE],
    [undefined, true, NO_STORE],
    ['', true, NO_STORE],
    ['public, max-age=300', true, 'public, max-age=300'],
    ['private, max-age=86400', false, 'private, max-age=86400'],
    ['public, max-age=0, s-maxage=5', false, 'public, max-age=0, s-maxage=5'],
    ['max-age=0, s-maxage=1', true, NO_STORE],
    ['private, no-store', true, 'private, no-store'],
  ])('when the service says %p and the request has credentials: %p, then it is %p', (service, credentials, outgoing) => {
    expect(outgoingCacheControl(service, credentials)).toBe(outgoing);
  });
});

describe('gateway answers carrying personal data', () => {
  let service: Server;
  let gateway: ReturnType<typeof buildGateway>;
  let base: string;
  let calls = 0;

  beforeAll(async () => {
    // A stand-in service: a profile without a cache policy, standings the edge may share among signed-in
    // callers, a public list.
    const app = express();
    app.get('/readyz', (_req, res) => void res.json({ ok: true }));
    app.get('/users/:email', (req, res) => void res.json({ email: req.params.email, name: 'Lina' }));
    app.get('/standings/:lesson', (_req, res) => {
      calls += 1;
      res.setHeader('Cache-Control', 'max-age=0, s-maxage=30');
      res.json([{ name: 'Lina L.', score: 2 }]);
    });
    app.get('/gifts', (_req, res) => void res.set('Cache-Control', 'public, max-age=300').json([]));
    service = createServer(app);
    const url = await listenLocal(service);
    const config = gatewayConfigSchema.parse({ PORT: 0, CONTENT_URL: url, QUIZ_URL: url, GIFTS_URL: url });
    gateway = buildGateway(config, pino({ level: 'silent' }), { verifyToken: async () => ({ roles: ['user'] }) });
    base = `http://127.0.0.1:${await gateway.start(0)}`;
  });

  afterAll(async () => {
    await gateway.stop();
    await closeServer(service);
  });

  const get = (path: string, token?: string) => fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('when a learner reads their profile (the service sets no cache policy), then no browser or cache may keep it', async () => {
    const response = await get('/users/lina@kidslearn.test', 'learner');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(NO_STORE);
  });

  it('when learners read standings the edge shares among them, then the edge still answers once but nothing past it may keep them', async () => {
    const first = await get('/standings/l1', 'learner');
    const second = await get('/standings/l1', 'learner');
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(calls).toBe(1);
    expect(first.headers.get('cache-control')).toBe(NO_STORE);
    expect(second.headers.get('cache-control')).toBe(NO_STORE);
  });

  it('when a public list is read, signed in or not, then its own policy stands', async () => {
    expect((await get('/gifts', 'learner')).headers.get('cache-control')).toBe('public, max-age=300');
    expect((await get('/gifts')).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('when the gateway answers by itself (an unknown route), then nothing may keep it either', async () => {
    const response = await get('/nowhere', 'learner');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe(NO_STORE);
  });
});
