// Starts real gifts (and gems) services in-process against the local infrastructure.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import mongoose from 'mongoose';
import { createEvent, EXCHANGE, EventBus, parseEnvelope, topologyFor, type EventEnvelope } from '@kidslearn/lib-events';
import { createLogger } from '@kidslearn/lib-core';
import { roundRobin, testInstances, uniqueDbUrl, type LogCapture } from '@kidslearn/lib-testkit';
import { buildService as buildGems } from '../../gems/src/app';
import { readConfig as readGemsConfig } from '../../gems/src/config';
import { buildService, type GiftsService } from '../src/app';
import { readConfig } from '../src/config';

const BASE_AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
let AMQP_URL = BASE_AMQP_URL;
let vhost: string | undefined;
const suffix = () => randomUUID().slice(0, 8);
const run = promisify(execFile);

function rabbitmqctl(args: string[]) {
  const node = process.env.RABBITMQ_NODENAME ?? 'kidslearn@localhost';
  const home = process.env.RABBITMQCTL_HOME ?? path.resolve(__dirname, '../../../.local/rabbitmq/home');
  return run(process.env.RABBITMQCTL ?? '/usr/lib/rabbitmq/bin/rabbitmqctl', ['-n', node, ...args], { env: { ...process.env, HOME: home }, timeout: 30_000 });
}

/**
 * A RabbitMQ virtual host of our own for this test file: the exchange is shared by every service, so
 * on the default vhost other test runs' gems instances would answer our redemptions (and ours theirs).
 * Falls back to the default vhost (with a warning) where rabbitmqctl is not usable.
 */
export async function isolateBroker(): Promise<void> {
  const name = `kidslearn-test-gifts-${suffix()}`;
  try {
    await rabbitmqctl(['add_vhost', name]);
    await rabbitmqctl(['set_permissions', '-p', name, 'guest', '.*', '.*', '.*']);
    vhost = name;
    const url = new URL(BASE_AMQP_URL);
    url.pathname = `/${encodeURIComponent(name)}`;
    AMQP_URL = url.toString();
  } catch (err) {
    console.warn(`gifts tests: no private RabbitMQ vhost (${(err as Error).message}); using the shared one`);
  }
}

export async function releaseBroker(): Promise<void> {
  if (vhost) await rabbitmqctl(['delete_vhost', vhost]).catch(() => undefined);
  vhost = undefined;
  AMQP_URL = BASE_AMQP_URL;
}

/** Removes a test instance's queues so test runs leave nothing behind in RabbitMQ. */
async function deleteQueues(serviceName: string): Promise<void> {
  if (vhost) return; // deleting the vhost removes everything
  const t = topologyFor(serviceName);
  const conn = await amqp.connect(AMQP_URL);
  try {
    // The bus's default retry delays; a queue that does not exist just fails its own channel.
    for (const q of [t.queue, t.dlq, ...[1000, 5000, 15000].map((d) => t.retryQueue(d))]) {
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      await ch.deleteQueue(q).catch(() => undefined);
      await ch.close().catch(() => undefined);
    }
  } finally {
    await conn.close();
  }
}

export interface RunningGifts {
  /** the instances' URL (with several instances, each request goes to the next one in turn) */
  url: string;
  /** the instances, in-process (their connections, reconcile(), retention()) */
  services: GiftsService[];
  serviceName: string;
  /** a connection of the test's own to the gifts database */
  db: mongoose.Connection;
  /** Stops HTTP and the instances (keeps the database and queue unless dropped). */
  stop(): Promise<void>;
}

/**
 * gifts in this process: `instances` (default TEST_INSTANCES, else 1) instances on one database and one queue,
 * behind one URL that spreads requests over them. With `log`, they log at debug level into it (lines named
 * serviceName), so a test can wait for the line that says an event was handled.
 */
export async function startGifts(opts: {
  mongoUrl: string;
  serviceName?: string;
  waitMs?: number;
  redisUrl?: string;
  instances?: number;
  log?: LogCapture;
  /** more configuration (e.g. PARENT_CONSENT) */
  env?: Record<string, string>;
}): Promise<RunningGifts> {
  const serviceName = opts.serviceName ?? `gifts-test-${suffix()}`;
  const config = readConfig({
    ...process.env,
    ...opts.env,
    PORT: '0',
    MONGO_URL: opts.mongoUrl,
    SERVICE_NAME: serviceName,
    AMQP_URL,
    REDEMPTION_WAIT_MS: String(opts.waitMs ?? 10_000),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const services: GiftsService[] = [];
  for (let i = 0; i < (opts.instances ?? testInstances()); i += 1) services.push(await buildService(config, opts.log ? createLogger(serviceName, 'debug', opts.log) : createLogger(serviceName, config.LOG_LEVEL)));
  const front = await roundRobin(await Promise.all(services.map((service) => service.start())));
  const db = await mongoose.createConnection(opts.mongoUrl).asPromise();
  let stopped = false;
  return {
    url: front.url,
    services,
    serviceName,
    db,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await front.close();
      for (const service of services) await service.stop();
      await db.close();
    },
  };
}

/**
 * The real gems service in this process (`instances` of it, default TEST_INSTANCES, else 1). A restart test
 * passes the stopped one's `mongoUrl` and `keepDatabase` (its stop() then leaves the database to the next one).
 */
export async function startGems({
  instances = testInstances(),
  mongoUrl = uniqueDbUrl('gems'),
  keepDatabase = false,
  serviceName = `gems-test-${suffix()}`,
}: { instances?: number; mongoUrl?: string; keepDatabase?: boolean; serviceName?: string } = {}) {
  const config = readGemsConfig({ ...process.env, PORT: '0', AMQP_URL, MONGO_URL: mongoUrl, SERVICE_NAME: serviceName, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const gemses: Awaited<ReturnType<typeof buildGems>>[] = [];
  for (let i = 0; i < instances; i += 1) gemses.push(await buildGems(config, createLogger(serviceName, config.LOG_LEVEL)));
  const front = await roundRobin(await Promise.all(gemses.map((gems) => gems.start())));
  const url = front.url;
  const stop = async () => {
    await front.close();
    for (const gems of gemses) await gems.stop();
    if (keepDatabase) return;
    // Its database goes with it (the suites drop only their gifts database): none is left behind per run.
    const conn = await mongoose.createConnection(mongoUrl).asPromise();
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
  };
  return { url, serviceName, mongoUrl, stop };
}

/** Plays the quiz service: publishes scored attempts so gems credits the learner (2 gems per lesson). */
export async function creditGems(email: string, amount: number): Promise<void> {
  const serviceName = `gifts-test-quiz-${suffix()}`;
  const bus = await EventBus.connect({ url: AMQP_URL, serviceName, logger: createLogger(serviceName, 'silent') });
  try {
    for (let left = amount, i = 0; left > 0; left -= 2, i++) {
      const lessonId = `lesson-${suffix()}-${i}`;
      await bus.publish(
        createEvent('quiz.attempt.scored', { attemptId: randomUUID(), lessonId, email, userId: email, name: 'Test', score: 5, total: 5, reward: Math.min(2, left) }),
      );
    }
  } finally {
    await bus.close();
  }
}

/** Collects the events of one type published on the test broker (a queue of its own, gone with close()). */
export async function tapEvents(type: string): Promise<{ events: EventEnvelope[]; close(): Promise<void> }> {
  const connection = await amqp.connect(AMQP_URL);
  const channel = await connection.createChannel();
  await channel.assertExchange(EXCHANGE, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, EXCHANGE, type);
  const events: EventEnvelope[] = [];
  await channel.consume(queue, (message) => void (message && events.push(parseEnvelope(message.content))), { noAck: true });
  return { events, close: () => connection.close().catch(() => undefined) };
}

/** Publishes one event on the test broker (as another service would). */
export async function publishEvent(event: EventEnvelope): Promise<void> {
  const serviceName = `gifts-test-publisher-${suffix()}`;
  const bus = await EventBus.connect({ url: AMQP_URL, serviceName, logger: createLogger(serviceName, 'silent') });
  try {
    await bus.publish(event);
  } finally {
    await bus.close();
  }
}

export { deleteQueues, uniqueDbUrl };

export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const address = { name: 'Lina Learner', phone: '+1 555 0100', address1: '1 School Road', city: 'Mathtown', postalCode: '12345' };

export async function call(url: string, method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: json as any, headers: res.headers };
}
