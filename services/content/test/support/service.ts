import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createLogger } from '@kidslearn/lib-core';
import { roundRobin, testInstances, uniqueDbUrl, type LogCapture } from '@kidslearn/lib-testkit';
import { buildService, type ContentService } from '../../src/app';
import { cleanupTestInstance } from './cleanup';
import { loadContentConfig, type ContentConfig } from '../../src/config';

export type TestService = Awaited<ReturnType<typeof startContent>>;

/**
 * A content service in this process: its own database, queue and Redis keys. `instances` (default TEST_INSTANCES,
 * else 1) of it on that database and queue, behind one URL that spreads requests over them (`url`, `http()`).
 */
export async function startContent(overrides: Record<string, string> = {}, { instances = testInstances(), log }: { instances?: number; log?: LogCapture } = {}) {
  const config: ContentConfig = loadContentConfig({
    ...process.env,
    SERVICE_NAME: `content-test-${randomBytes(4).toString('hex')}`,
    MONGO_URL: uniqueDbUrl('content'),
    PORT: '0',
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  // CONTENT_TEST_LOG=debug shows the service's log while debugging a test.
  const services: ContentService[] = [];
  for (let i = 0; i < instances; i += 1) services.push(await buildService(config, log ? createLogger(config.SERVICE_NAME, 'debug', log) : createLogger(config.SERVICE_NAME, process.env.CONTENT_TEST_LOG ?? 'silent')));
  const front = await roundRobin(await Promise.all(services.map((service) => service.start())));
  // A database handed in by the caller belongs to another instance and is kept.
  const ownDatabase = overrides.MONGO_URL ? undefined : config.MONGO_URL;
  const stop = async () => {
    await front.close();
    for (const service of services) await service.stop();
    await cleanupTestInstance(config.SERVICE_NAME, ownDatabase).catch(() => undefined);
  };
  /** the first instance (its in-process handles: retention()) */
  const service = services[0]!;
  return { service, services, url: front.url, config, http: () => request(front.url), stop };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A distinct client address per test, seen through the trusted-proxy header. */
export const fromIp = () => ({ 'x-forwarded-for': `10.${rand()}.${rand()}.${rand()}` });
const rand = () => Math.floor(Math.random() * 250) + 1;

export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}
