// The operator stack's broker users (infra/rabbitmq/definitions.mjs), imported into the local RabbitMQ the
// way the compose broker imports them at boot: every service runs its event bus with its own user, and a
// service cannot announce another service's events, read another's queue or listen to every event.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, createEnvelope as createEvent, listDeadLetters } from '@kidslearn/lib-events';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { eventually } from '@kidslearn/lib-testkit';

const run = promisify(execFile);
const SERVICES = ['content', 'quiz', 'gems', 'gifts'] as const;
type Service = (typeof SERVICES)[number];

interface Definitions {
  users: { name: string }[];
  vhosts: { name: string }[];
  permissions: { user: string }[];
  topic_permissions: { user: string }[];
}

const suffix = randomBytes(3).toString('hex');
const vhost = `kidslearn-users-test-${suffix}`;
const secret = () => randomBytes(24).toString('hex');
const passwords = Object.fromEntries(SERVICES.map((service) => [service, secret()])) as Record<Service, string>;
const adminPassword = secret();
/** Users named per run, so parallel runs on the shared broker never share one. */
const userOf = (name: string) => `${name}-${suffix}`;

function rabbitmqctl(args: string[]) {
  const node = process.env.RABBITMQ_NODENAME ?? 'kidslearn@localhost';
  const home = process.env.RABBITMQCTL_HOME ?? path.resolve(__dirname, '../../.local/rabbitmq/home');
  return run(process.env.RABBITMQCTL ?? '/usr/lib/rabbitmq/bin/rabbitmqctl', ['-n', node, ...args], { env: { ...process.env, HOME: home }, timeout: 60_000 });
}

/** The CLI's output for this run's vhost, with the users renamed for this run. */
function definitions(): Definitions {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'broker-users-'));
  try {
    const file = path.join(dir, 'definitions.json');
    const env = {
      PATH: process.env.PATH,
      RABBITMQ_VHOST: vhost,
      RABBITMQ_ADMIN_USER: 'kidslearn-admin',
      RABBITMQ_ADMIN_PASSWORD: adminPassword,
      ...Object.fromEntries(SERVICES.map((service) => [`RABBITMQ_${service.toUpperCase()}_PASSWORD`, passwords[service]])),
    };
    execFileSync(process.execPath, [path.join(__dirname, '../rabbitmq/definitions.mjs'), file], { env });
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Definitions;
    for (const user of parsed.users) user.name = userOf(user.name);
    for (const entry of [...parsed.permissions, ...parsed.topic_permissions]) entry.user = userOf(entry.user);
    return parsed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function urlFor(user: string, password: string): string {
  const url = new URL(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  url.username = user;
  url.password = password;
  url.pathname = `/${encodeURIComponent(vhost)}`;
  return url.toString();
}
const serviceUrl = (service: Service) => urlFor(userOf(service), passwords[service]);

/** Runs one AMQP operation as a service; resolves with the broker's refusal (or undefined when allowed). */
async function refusalOf(service: Service, operation: (ch: amqp.ConfirmChannel) => Promise<unknown>): Promise<string | undefined> {
  const connection = await amqp.connect(serviceUrl(service));
  try {
    const ch = await connection.createConfirmChannel();
    const closed = new Promise<string>((resolve) => ch.on('error', (err: Error) => resolve(err.message)));
    const done = operation(ch).then(
      () => undefined,
      () => undefined,
    );
    return await Promise.race([closed, done.then(() => ch.close().then(() => undefined))]);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

describe('broker users of the operator stack (local RabbitMQ, definitions imported)', () => {
  const logger = createLogger('broker-users-test', 'silent');
  const buses: EventBus[] = [];
  const received: Record<Service, EventEnvelope[]> = { content: [], quiz: [], gems: [], gifts: [] };
  const attempts = new Map<string, number>();

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'broker-users-'));
    const file = path.join(dir, 'definitions.json');
    writeFileSync(file, JSON.stringify(definitions()));
    try {
      await rabbitmqctl(['import_definitions', file]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const service of SERVICES) {
      const bus = await EventBus.connect({ url: serviceUrl(service), serviceName: service, logger, retryDelaysMs: [100], maxAttempts: 2 });
      buses.push(bus);
    }
    const [content, quiz, gems, gifts] = buses as [EventBus, EventBus, EventBus, EventBus];
    // Content's handler always fails for the announcement (it ends in content's DLQ); gems' fails once (retried).
    await content.subscribe(['gems.balance.changed', 'lesson.announcement.requested'], (event) => {
      if (event.type === 'lesson.announcement.requested') throw new Error('not today');
      received.content.push(event);
    });
    await quiz.subscribe(['lesson.created', 'gems.credited', 'user.profile.changed'], (event) => void received.quiz.push(event));
    await gems.subscribe(['quiz.attempt.scored', 'redemption.requested'], (event, { attempt }) => {
      attempts.set(event.id, attempt);
      if (event.type === 'quiz.attempt.scored' && attempt === 1) throw new Error('first attempt fails');
      received.gems.push(event);
    });
    await gifts.subscribe(['gems.debited', 'gems.debit.rejected'], (event) => void received.gifts.push(event));
  });

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await rabbitmqctl(['delete_vhost', vhost]).catch(() => undefined);
    for (const name of ['kidslearn-admin', ...SERVICES]) await rabbitmqctl(['delete_user', userOf(name)]).catch(() => undefined);
  });

  const busOf = (service: Service) => buses[SERVICES.indexOf(service)]!;

  it('when each service publishes its own events with its own user, then their consumers receive them', async () => {
    const scored = createEvent('quiz.attempt.scored', { attemptId: 'a1' });
    const published: [Service, EventEnvelope, Service][] = [
      ['content', createEvent('lesson.created', { lessonId: 'l1' }), 'quiz'],
      ['content', createEvent('user.profile.changed', { email: 'x@kidslearn.test' }), 'quiz'],
      ['quiz', scored, 'gems'],
      ['gems', createEvent('gems.credited', { attemptId: 'a1' }), 'quiz'],
      ['gems', createEvent('gems.balance.changed', { balance: 1 }), 'content'],
      ['gems', createEvent('gems.debited', { redemptionId: 'r1' }), 'gifts'],
      ['gems', createEvent('gems.debit.rejected', { redemptionId: 'r2' }), 'gifts'],
      ['gifts', createEvent('redemption.requested', { redemptionId: 'r1' }), 'gems'],
    ];
    for (const [from, event] of published) await busOf(from).publish(event);

    for (const [, event, to] of published) await eventually(() => received[to].some((got) => got.id === event.id));
    // gems' first attempt failed: the retry went through its retry queue and came back.
    expect(attempts.get(scored.id)).toBe(2);
  });

  it('when a handler keeps failing, then the event reaches the DLQ and the administrator user can list it (npm run events)', async () => {
    const announcement = createEvent('lesson.announcement.requested', { service: 'quiz' });
    await busOf('quiz').publish(announcement);

    const letters = await eventually(async () => {
      const found = await listDeadLetters(urlFor(userOf('kidslearn-admin'), adminPassword), 'content');
      if (!found.some((letter) => letter.messageId === announcement.id)) throw new Error('not dead-lettered yet');
      return found;
    });
    expect(letters.find((letter) => letter.messageId === announcement.id)?.error).toBe('not today');
  });

  it.each([
    ['gems', 'quiz.attempt.scored'],
    ['content', 'gems.credited'],
    ['gifts', 'gems.debited'],
    ['quiz', 'redemption.requested'],
  ] as const)('when %s publishes a %s, then the broker refuses it', async (service, type) => {
    const refusal = await refusalOf(service, async (ch) => {
      ch.publish('kidslearn.events', type, Buffer.from('{}'));
      await ch.waitForConfirms();
    });

    expect(refusal).toContain(`ACCESS_REFUSED - access to topic '${type}' in exchange 'kidslearn.events'`);
  });

  it("when a service consumes another service's queue, then the broker refuses it", async () => {
    const refusal = await refusalOf('content', (ch) => ch.consume('gems.events', () => undefined));

    expect(refusal).toContain("ACCESS_REFUSED - access to queue 'gems.events'");
  });

  it('when a service binds its queue to every event type, then the broker refuses it', async () => {
    const refusal = await refusalOf('gifts', (ch) => ch.bindQueue('gifts.events', 'kidslearn.events', '#'));

    expect(refusal).toContain("ACCESS_REFUSED - access to topic '#' in exchange 'kidslearn.events'");
  });

  it("when a service publishes to the default exchange (straight into another service's queue), then the broker refuses it", async () => {
    const refusal = await refusalOf('quiz', async (ch) => {
      ch.publish('', 'gems.events', Buffer.from('{}'));
      await ch.waitForConfirms();
    });

    expect(refusal).toContain("ACCESS_REFUSED - access to exchange 'amq.default'");
  });

  it("when a service publishes to another service's retry exchange, then the broker refuses it", async () => {
    const refusal = await refusalOf('gifts', async (ch) => {
      ch.publish('gems.retry', 'gems.events', Buffer.from('{}'));
      await ch.waitForConfirms();
    });

    expect(refusal).toContain("ACCESS_REFUSED - access to exchange 'gems.retry'");
  });

  it('when a service declares an exchange of its own, then the broker refuses it', async () => {
    const refusal = await refusalOf('quiz', (ch) => ch.assertExchange('quiz.side-channel', 'fanout'));

    expect(refusal).toContain("ACCESS_REFUSED - access to exchange 'quiz.side-channel'");
  });
});
