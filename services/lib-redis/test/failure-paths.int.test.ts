import request from 'supertest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { createLogger } from '@kidslearn/lib-core';
import { createApp, finishApp, listen, closeServer } from '@kidslearn/lib-http';
import { env, randomSuffix } from '@kidslearn/lib-testkit';
import { connectRedis, createCache, idempotency, rateLimit } from '../src';

const logger = createLogger('redis-failure-test', 'silent');
/** Nothing listens on port 1: this client behaves as if Redis were down, the shared server keeps running. */
const UNREACHABLE = 'redis://127.0.0.1:1';

function appWith(redis: Redis, ttlSeconds = 24 * 3600) {
  let runs = 0;
  const app = createApp({ name: 'idem', logger });
  app.use((req, _res, next) => {
    req.auth = { sub: 'u1', email: 'a@b.c', name: 'A', roles: ['user'], isAdmin: false } as never;
    next();
  });
  app.post('/deduct', rateLimit({ redis, keyPrefix: `fp-${randomSuffix()}`, points: 100, durationSeconds: 60 }), idempotency({ redis, ttlSeconds }), async (req, res) => {
    runs++;
    // x-hang: the handler never answers (the client gives up), as a request that dies mid-way.
    if (req.get('x-hang')) return;
    res.status(201).json({ gems: 10 - runs });
  });
  finishApp(app);
  return { app, runs: () => runs };
}

describe('when Redis is unreachable', () => {
  let down: Redis;
  beforeAll(() => {
    down = connectRedis(UNREACHABLE, logger);
  });
  afterAll(() => down.disconnect());

  it('when the cache is read or invalidated, then the loader answers and invalidation does not throw', async () => {
    const cache = createCache(down, { prefix: 'fp:' });
    expect(await cache.getOrLoad('k', 60, async () => 'fresh')).toBe('fresh');
    await expect(cache.invalidate('k')).resolves.toBe(0);
  });

  it('when a rate-limited, idempotent write arrives, then the handler runs and answers promptly (best effort, fail-open)', async () => {
    const { app, runs } = appWith(down);
    const started = Date.now();
    const res = await request(app).post('/deduct').set('Idempotency-Key', `k-${randomSuffix()}`).send({ cost: 1 });
    expect(res.status).toBe(201);
    expect(runs()).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('idempotency markers', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = connectRedis(env().REDIS_URL, logger);
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('when a request is in progress, then its marker expires in about a minute, not after the 24 h of a stored answer', async () => {
    const { app } = appWith(redis);
    const server = await listen(app, 0, undefined, '127.0.0.1');
    const key = `k-${randomSuffix()}`;
    const req = http.request({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', method: 'POST', path: '/deduct', headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-hang': '1' } });
    req.on('error', () => undefined);
    req.end(JSON.stringify({ cost: 1 }));
    await new Promise((r) => setTimeout(r, 300));
    const ttl = await redis.ttl(`idem:u1:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    req.destroy();
    await closeServer(server);
  });

  it('when a request ends without a response (the client went away), then its marker is cleared and a retry with the same key runs', async () => {
    const { app, runs } = appWith(redis);
    const server = await listen(app, 0, undefined, '127.0.0.1');
    const port = (server.address() as AddressInfo).port;
    const key = `k-${randomSuffix()}`;
    const aborted = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/deduct', headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-hang': '1' } });
    aborted.on('error', () => undefined);
    aborted.end(JSON.stringify({ cost: 1 }));
    await new Promise((r) => setTimeout(r, 300));
    aborted.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const retry = await request(server).post('/deduct').set('Idempotency-Key', key).send({ cost: 1 });
    expect(retry.status).toBe(201);
    expect(runs()).toBe(2);
    await closeServer(server);
  });
});
