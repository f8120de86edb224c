// infra/rabbitmq/definitions.mjs, run as compose's broker-users job runs it: one user per service whose topic
// permissions follow docs/CONTRACTS.md (who publishes what) and lib-events' known subscriptions, salted hashes
// instead of passwords, no user without the operator's secret, and the consumers' main queues declared as lib-events
// declares them. The broker itself: broker-users.int.test.ts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Channel, Options } from 'amqplib';
import { eventCatalogue } from '@kidslearn/contracts';
import { KNOWN_SUBSCRIPTIONS, topologyFor } from '@kidslearn/lib-events';
import { declareKnownQueues } from '../../services/lib-events/src/topology';

const repoRoot = path.join(__dirname, '..', '..');
const SERVICES = ['content', 'quiz', 'gems', 'gifts'];
const secretFor = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 40);
const env: Record<string, string> = {
  RABBITMQ_ADMIN_PASSWORD: secretFor('admin'),
  ...Object.fromEntries(SERVICES.map((service) => [`RABBITMQ_${service.toUpperCase()}_PASSWORD`, secretFor(service)])),
};

interface Definitions {
  users: { name: string; password_hash: string; hashing_algorithm: string; tags: string[] }[];
  permissions: { user: string; vhost: string; configure: string; write: string; read: string }[];
  topic_permissions: { user: string; exchange: string; write: string; read: string }[];
  exchanges: Record<string, unknown>[];
  queues: { name: string; vhost: string; durable: boolean; auto_delete: boolean; arguments: Record<string, unknown> }[];
  bindings: { source: string; routing_key: string; destination: string }[];
}

function run(extra: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'definitions-'));
  try {
    const file = path.join(dir, 'definitions.json');
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'infra/rabbitmq/definitions.mjs'), file], { env: { PATH: process.env.PATH, ...env, ...extra }, encoding: 'utf8' });
    const text = result.status === 0 ? readFileSync(file, 'utf8') : '';
    return { status: result.status, stderr: result.stderr, text, definitions: (text ? JSON.parse(text) : undefined) as Definitions };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** docs/CONTRACTS.md's event table: type → the service in its "from" column. */
function publishersInContracts(): Map<string, string> {
  const contracts = readFileSync(path.join(repoRoot, 'docs/CONTRACTS.md'), 'utf8');
  const rows = [...contracts.matchAll(/^\| `([a-z.]+)` \| ([a-z]+) →/gm)];
  return new Map(rows.map((row) => [row[1]!, row[2]!]));
}

const { definitions, text } = run();
const permissionsOf = (user: string) => definitions.permissions.find((p) => p.user === user)!;
const topicOf = (user: string) => definitions.topic_permissions.find((p) => p.user === user)!;
const allows = (pattern: string, name: string) => new RegExp(pattern).test(name);

describe('infra/rabbitmq/definitions.mjs', () => {
  it('when it writes the users, then there is one per service and the administrator, with salted SHA-256 hashes and no password', () => {
    expect(definitions.users.map((user) => user.name).sort()).toEqual(['content', 'gems', 'gifts', 'kidslearn-admin', 'quiz']);
    for (const user of definitions.users) {
      const raw = Buffer.from(user.password_hash, 'base64');
      const password = user.name === 'kidslearn-admin' ? secretFor('admin') : secretFor(user.name);
      expect(user.hashing_algorithm).toBe('rabbit_password_hashing_sha256');
      expect(createHash('sha256').update(Buffer.concat([raw.subarray(0, 4), Buffer.from(password)])).digest()).toEqual(raw.subarray(4));
      expect(text).not.toContain(password);
    }
    expect(definitions.users.find((user) => user.name === 'kidslearn-admin')?.tags).toEqual(['administrator']);
    for (const service of SERVICES) expect(definitions.users.find((user) => user.name === service)?.tags).toEqual([]);
  });

  it('when docs/CONTRACTS.md names who publishes an event, then only that service may publish it', () => {
    const publishers = publishersInContracts();
    // The docs' table names every event of the typed catalogue, from the service the catalogue names.
    expect(Object.fromEntries(publishers)).toEqual(Object.fromEntries(Object.entries(eventCatalogue).map(([type, entry]) => [type, entry.from])));
    const wrong: string[] = [];
    for (const [type, publisher] of publishers) {
      for (const service of SERVICES) if (allows(topicOf(service).write, type) !== (service === publisher)) wrong.push(`${service} ${type}`);
    }
    expect(wrong).toEqual([]);
  });

  it('when a service may publish an event type, then docs/CONTRACTS.md lists that type from that service', () => {
    const publishers = publishersInContracts();
    for (const service of SERVICES) {
      const types = /^\^\((.*)\)\$$/.exec(topicOf(service).write)![1]!.split('|').map((type) => type.replace(/\\\./g, '.'));
      for (const type of types) expect(`${type} from ${publishers.get(type)}`).toBe(`${type} from ${service}`);
    }
  });

  it("when a service's bus declares every known consumer's queue (lib-events' KNOWN_SUBSCRIPTIONS), then it may bind those types and no others", () => {
    const known = [...new Set(Object.values(KNOWN_SUBSCRIPTIONS).flat())];
    for (const service of SERVICES) {
      const { read } = topicOf(service);
      for (const type of known) expect(`${service} binds ${type}: ${allows(read, type)}`).toBe(`${service} binds ${type}: true`);
      for (const wildcard of ['#', '*.*', 'quiz.#', 'redemption.delivered']) expect(`${service} binds ${wildcard}: ${allows(read, wildcard)}`).toBe(`${service} binds ${wildcard}: false`);
    }
    expect(Object.keys(KNOWN_SUBSCRIPTIONS).sort()).toEqual([...SERVICES].sort());
  });

  it.each(SERVICES)("when %s uses the broker, then it reads and configures only its own queues (and declares the others' main queues)", (service) => {
    const { configure, write, read } = permissionsOf(service);
    const others = SERVICES.filter((other) => other !== service);

    for (const name of [`${service}.events`, `${service}.events.dlq`, `${service}.events.retry.1000ms`, 'kidslearn.events']) expect(allows(configure, name)).toBe(true);
    expect(allows(read, `${service}.events`)).toBe(true);
    expect(allows(write, 'kidslearn.events')).toBe(true);
    for (const other of others) {
      expect(allows(read, `${other}.events`)).toBe(false);
      expect(allows(configure, `${other}.events.dlq`)).toBe(false);
      expect(allows(configure, `${other}.events.retry.1000ms`)).toBe(false);
      expect(allows(write, `${other}.events.dlq`)).toBe(false);
    }
    expect(allows(configure, 'amq.default')).toBe(false);
    expect(allows(configure, `${service}.side-channel`)).toBe(false);
  });

  it.each(SERVICES)("when %s retries or dead-letters an event, then it writes to its own exchange only, never to the default exchange or another service's", (service) => {
    const { configure, write, read } = permissionsOf(service);
    const own = topologyFor(service);

    for (const pattern of [configure, write, read]) expect(allows(pattern, own.retryExchange)).toBe(true);
    for (const queue of [own.queue, own.dlq, own.retryQueue(1000)]) expect(`${queue}: ${allows(write, queue)}`).toBe(`${queue}: true`);
    expect(allows(write, 'amq.default')).toBe(false);
    expect(allows(write, '')).toBe(false);
    for (const other of SERVICES.filter((name) => name !== service)) {
      expect(allows(write, topologyFor(other).retryExchange)).toBe(false);
      expect(allows(read, topologyFor(other).retryExchange)).toBe(false);
    }
  });

  it("when the broker boots, then the definitions declare each consumer's main queue exactly as lib-events does, bound to the types it consumes", async () => {
    const queues = new Map(definitions.queues.map((q) => [q.name, q]));
    const bindings = definitions.bindings.map((b) => `${b.source} ${b.routing_key} → ${b.destination}`).sort();

    for (const service of SERVICES) {
      const t = topologyFor(service);
      const declared: Options.AssertQueue[] = [];
      const channel = { assertQueue: async (name: string, options: Options.AssertQueue) => void (name === t.queue && declared.push(options)), bindQueue: async () => undefined, close: async () => undefined };
      await declareKnownQueues(async () => channel as unknown as Channel, { [service]: [] }, () => undefined);
      expect(queues.get(t.queue)).toEqual({ name: t.queue, vhost: '/', durable: declared[0]!.durable, auto_delete: false, arguments: declared[0]!.arguments });
    }
    expect(definitions.queues).toHaveLength(SERVICES.length);
    expect(bindings).toEqual(Object.entries(KNOWN_SUBSCRIPTIONS).flatMap(([service, types]) => types.map((type) => `kidslearn.events ${type} → ${service}.events`)).sort());
    expect(definitions.exchanges).toEqual([{ name: 'kidslearn.events', vhost: '/', type: 'topic', durable: true, auto_delete: false, internal: false, arguments: {} }]);
  });

  it.each([
    ['a service password is missing', { RABBITMQ_GEMS_PASSWORD: '' }, 'RABBITMQ_GEMS_PASSWORD is required'],
    ['the administrator password is missing', { RABBITMQ_ADMIN_PASSWORD: '' }, 'RABBITMQ_ADMIN_PASSWORD is required'],
    ['a password would break its URL', { RABBITMQ_QUIZ_PASSWORD: 'p@ss/word:with-at-least-24-chars' }, 'RABBITMQ_QUIZ_PASSWORD must be at least 24'],
    ['a password is short', { RABBITMQ_CONTENT_PASSWORD: 'kidslearn' }, 'RABBITMQ_CONTENT_PASSWORD must be at least 24'],
    ['the administrator is named like a service', { RABBITMQ_ADMIN_USER: 'gems' }, 'RABBITMQ_ADMIN_USER must not be'],
  ])('when %s, then it refuses and writes nothing', (_case, change, message) => {
    const refused = run(change);

    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(message);
    expect(refused.text).toBe('');
  });
});
