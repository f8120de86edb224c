import request from 'supertest';
import type { Redis } from 'ioredis';
import { createLogger } from '@kidslearn/lib-core';
import { createApp, finishApp } from '@kidslearn/lib-http';
import { env, randomSuffix } from '@kidslearn/lib-testkit';
import { connectRedis, createCache, idempotency, rateLimit, redisReady } from '../src';

const logger = createLogger('redis-test', 'silent');
let redis: Redis;

beforeAll(() => {
  redis = connectRedis(env().REDIS_URL, logger);
});
afterAll(async () => {
  await redis.quit();
});

describe('Redis cache', () => {
  it('when a value is cached and then invalidated, then the next read loads it again', async () => {
    await expect(redisReady(redis)()).resolves.toBeUndefined();
    const cache = createCache(redis, { prefix: `test-${randomSuffix()}:` });
    let loads = 0;
    const loader = async () => ({ lessons: ++loads });
    expect(await cache.getOrLoad('lessons', 60, loader)).toEqual({ lessons: 1 });
    expect(await cache.getOrLoad('lessons', 60, loader)).toEqual({ lessons: 1 });
    await cache.invalidate('lessons');
    expect(await cache.getOrLoad('lessons', 60, loader)).toEqual({ lessons: 2 });
  });

  it('when one key is invalidated, then only that key is dropped', async () => {
    const cache = createCache(redis, { prefix: `test-${randomSuffix()}:` });
    const load = (v: string) => async () => v;
    await cache.getOrLoad('standings:l1', 60, load('a'));
    await cache.getOrLoad('standings:l10', 60, load('b'));
    expect(await cache.invalidate('standings:l1')).toBe(1);
    expect(await cache.getOrLoad('standings:l1', 60, load('new'))).toBe('new');
    expect(await cache.getOrLoad('standings:l10', 60, load('new'))).toBe('b');
  });

  it('when a prefix is invalidated, then every key under it is dropped and others stay, glob characters taken literally', async () => {
    const cache = createCache(redis, { prefix: `test-${randomSuffix()}:` });
    const other = createCache(redis, { prefix: `test-${randomSuffix()}:` });
    const load = (v: string) => async () => v;
    await cache.getOrLoad('standings:l1', 60, load('a'));
    await cache.getOrLoad('standings:l2', 60, load('b'));
    await cache.getOrLoad('reviews', 60, load('c'));
    await cache.getOrLoad('s*', 60, load('d'));
    await other.getOrLoad('standings:l1', 60, load('e'));
    expect(await cache.invalidatePrefix('standings:')).toBe(2);
    expect(await cache.invalidatePrefix('s*')).toBe(1);
    expect(await cache.getOrLoad('standings:l1', 60, load('new'))).toBe('new');
    expect(await cache.getOrLoad('reviews', 60, load('new'))).toBe('c');
    expect(await other.getOrLoad('standings:l1', 60, load('new'))).toBe('e');
  });
});

describe('rateLimit', () => {
  it('when a caller exceeds the limit, then 429 with the message and Retry-After', async () => {
    const app = createApp({ name: 'rl', logger });
    app.post('/review', rateLimit({ redis, keyPrefix: `review-${randomSuffix()}`, points: 3, durationSeconds: 60, key: () => 'same-caller' }), (_req, res) => {
      res.status(201).json({ ok: true });
    });
    finishApp(app);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await request(app).post('/review').send({})).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const blocked = await request(app).post('/review').send({});
    expect(blocked.body.message).toBe('Too many requests. Please try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('idempotency', () => {
  function buildApp() {
    let runs = 0;
    const app = createApp({ name: 'idem', logger });
    app.use((req, _res, next) => {
      req.auth = { sub: req.get('x-user') ?? 'u1', email: 'a@b.c', name: 'A', roles: ['user'], isAdmin: false } as never;
      next();
    });
    app.post('/deduct', idempotency({ redis, ttlSeconds: 60 }), async (req, res) => {
      runs++;
      await new Promise((r) => setTimeout(r, Number(req.get('x-delay') ?? 0)));
      res.status(201).json({ gems: 10 - runs });
    });
    finishApp(app);
    return { app, runs: () => runs };
  }

  it('when the same key is sent again by the same user, then the stored response is replayed and the handler ran once', async () => {
    const { app, runs } = buildApp();
    const key = `k-${randomSuffix()}`;
    const first = await request(app).post('/deduct').set('Idempotency-Key', key).send({ cost: 1 });
    const second = await request(app).post('/deduct').set('Idempotency-Key', key).send({ cost: 1 });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(runs()).toBe(1);
    const otherUser = await request(app).post('/deduct').set('Idempotency-Key', key).set('x-user', 'u2').send({ cost: 1 });
    expect(otherUser.headers['idempotent-replayed']).toBeUndefined();
    expect(runs()).toBe(2);
  });

  it('when a duplicate arrives while the first is still running, then it gets 409', async () => {
    const { app, runs } = buildApp();
    const key = `k-${randomSuffix()}`;
    const [a, b] = await Promise.all([
      request(app).post('/deduct').set('Idempotency-Key', key).set('x-delay', '300').send({ cost: 1 }),
      new Promise((r) => setTimeout(r, 100)).then(() => request(app).post('/deduct').set('Idempotency-Key', key).send({ cost: 1 })),
    ]);
    expect([a.status, b.status]).toEqual([201, 409]);
    expect(runs()).toBe(1);
  });

  it('when the key is reused for a different request, then 422', async () => {
    const { app } = buildApp();
    const key = `k-${randomSuffix()}`;
    await request(app).post('/deduct').set('Idempotency-Key', key).send({ cost: 1 });
    expect((await request(app).post('/deduct').set('Idempotency-Key', key).send({ cost: 2 })).status).toBe(422);
  });
});
