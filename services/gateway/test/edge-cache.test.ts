import { createServer, type Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { buildGateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { closeServer, listenLocal } from './support';
import { sharedMaxAgeSeconds } from '../src/edge-cache';

describe('edge cache directives', () => {
  it.each([
    ['public, max-age=0, s-maxage=5', 5],
    ['s-maxage=30', 30],
    ['public, max-age=30', undefined],
    ['private, s-maxage=5', undefined],
    ['no-store, s-maxage=5', undefined],
    ['public, s-maxage=0', undefined],
    ['public, s-maxage=abc', undefined],
    [undefined, undefined],
  ])('when Cache-Control is %p, then the shared max age is %p', (header, seconds) => {
    expect(sharedMaxAgeSeconds(header)).toBe(seconds);
  });
});

describe('gateway edge cache', () => {
  let upstreamCalls: Record<string, number>;
  let service: Server;
  let gateway: ReturnType<typeof buildGateway>;
  let base: string;

  beforeAll(async () => {
    // A stand-in content service: each path answers with the caching headers the test needs.
    const app = express();
    app.get('/readyz', (_req, res) => void res.json({ ok: true }));
    app.get('/lessons', (req, res) => {
      upstreamCalls[req.originalUrl] = (upstreamCalls[req.originalUrl] ?? 0) + 1;
      const cc = typeof req.query.cc === 'string' ? req.query.cc : 'public, max-age=0, s-maxage=5';
      res.setHeader('Cache-Control', req.headers.authorization && !req.query.shared ? 'private, no-store' : cc);
      if (req.query.cookie) res.setHeader('Set-Cookie', 'a=b');
      res.status(req.query.status ? Number(req.query.status) : 200).json({ calls: upstreamCalls[req.originalUrl], auth: req.headers.authorization ?? null });
    });
    service = createServer(app);
    const contentUrl = await listenLocal(service);
    const config = gatewayConfigSchema.parse({ PORT: 0, CONTENT_URL: contentUrl });
    // Tokens stand for roles here; tokens the running Keycloak issued pick the audience in keycloak-token.int.test.ts.
    const rolesByToken: Record<string, string[]> = { learner: ['user', 'offline_access'], learner2: ['user'], admin: ['admin', 'user'] };
    const verifyToken = async (token: string) => {
      const roles = rolesByToken[token];
      if (!roles) throw new Error('invalid token');
      return { roles };
    };
    gateway = buildGateway(config, pino({ level: 'silent' }), { verifyToken });
    base = `http://127.0.0.1:${await gateway.start(0)}`;
  });

  beforeEach(() => {
    upstreamCalls = {};
  });

  afterAll(async () => {
    await gateway.stop();
    await closeServer(service);
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

  it('when a visitor asks twice for a list the service allows to share, then the service answers once', async () => {
    const first = await get('/lessons?v=1');
    const second = await get('/lessons?v=1');
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.json()).toEqual(await first.json());
    expect(upstreamCalls['/lessons?v=1']).toBe(1);
    expect(second.headers.get('x-request-id')).toBeTruthy();
  });

  it('when the service answers a signed-in caller privately, then the visitor entry is not used and nothing is stored', async () => {
    await get('/lessons?v=2');
    const signedIn = await get('/lessons?v=2', { authorization: 'Bearer learner' });
    await get('/lessons?v=2', { authorization: 'Bearer learner' });
    expect(signedIn.headers.get('x-cache')).toBe('BYPASS');
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(upstreamCalls['/lessons?v=2']).toBe(3);
  });

  it('when two learners ask for an answer the service lets signed-in callers share, then the service answers once', async () => {
    const first = await get('/lessons?v=3&shared=1', { authorization: 'Bearer learner' });
    const second = await get('/lessons?v=3&shared=1', { authorization: 'Bearer learner2' });
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(upstreamCalls['/lessons?v=3&shared=1']).toBe(1);
  });

  it('when a learner’s shared answer is cached, then a visitor and an admin still reach the service', async () => {
    await get('/lessons?v=4&shared=1', { authorization: 'Bearer learner' });
    const visitor = await get('/lessons?v=4&shared=1');
    const admin = await get('/lessons?v=4&shared=1', { authorization: 'Bearer admin' });
    expect(visitor.headers.get('x-cache')).toBe('MISS');
    expect(admin.headers.get('x-cache')).toBe('MISS');
    expect(((await admin.json()) as { auth: string }).auth).toBe('Bearer admin');
    expect(upstreamCalls['/lessons?v=4&shared=1']).toBe(3);
  });

  it('when the token does not verify, then the request goes to the service and nothing is cached or served from cache', async () => {
    await get('/lessons?v=5&shared=1', { authorization: 'Bearer learner' });
    const forged = await get('/lessons?v=5&shared=1', { authorization: 'Bearer forged' });
    const again = await get('/lessons?v=5&shared=1', { authorization: 'Bearer forged' });
    expect(forged.headers.get('x-cache')).toBeNull();
    expect(again.headers.get('x-cache')).toBeNull();
    expect(upstreamCalls['/lessons?v=5&shared=1']).toBe(3);
  });

  it('when the caller asks for a fresh answer (Cache-Control: no-cache), then the service is asked and the cache refreshed', async () => {
    await get('/lessons?v=6');
    const fresh = await get('/lessons?v=6', { 'cache-control': 'no-cache' });
    const after = await get('/lessons?v=6');
    expect(fresh.headers.get('x-cache')).toBe('MISS');
    expect(((await after.json()) as { calls: number }).calls).toBe(2);
    expect(upstreamCalls['/lessons?v=6']).toBe(2);
  });

  it.each([
    ['the service allows browsers only (max-age)', 'cc=public,%20max-age=30'],
    ['the answer is private', 'cc=private'],
    ['the answer sets a cookie', 'cookie=1'],
    ['the answer is not a 200', 'status=404'],
  ])('when %s, then every request reaches the service', async (_case, query) => {
    const path = `/lessons?${query}`;
    const first = await get(path);
    await get(path);
    expect(first.headers.get('x-cache')).toBe('BYPASS');
    expect(upstreamCalls[path]).toBe(2);
  });

  it('when the shared max age has passed, then the service is asked again', async () => {
    // Only Date is faked (the cache's clock): timers, sockets and I/O run as usual.
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      await get('/lessons?cc=s-maxage=1');
      jest.setSystemTime(Date.now() + 1100);
      const later = await get('/lessons?cc=s-maxage=1');
      expect(later.headers.get('x-cache')).toBe('MISS');
      expect(upstreamCalls['/lessons?cc=s-maxage=1']).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
