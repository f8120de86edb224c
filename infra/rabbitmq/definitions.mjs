// RabbitMQ users for the operator stack (node, no dependencies): compose runs this once before the broker
// starts; the broker imports the file it writes at every boot (rabbitmq.conf), so a changed password takes
// effect on the next restart. No password is committed: each comes from the operator's environment.
//
// One user per service with only what services/lib-events does for it (see permissionsFor), plus one
// administrator for the operator and the dead-letter CLI (`npm run events -- dlq list|replay <service>`).
//
// Usage: node definitions.mjs <out.json>
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const EXCHANGE = 'kidslearn.events';

/** Event types each service publishes (docs/CONTRACTS.md, "Events": the "from" column). */
export const PUBLISHES = {
  content: ['lesson.created', 'lesson.deleted', 'user.profile.changed', 'family.linked', 'family.unlinked', 'learner.erased'],
  quiz: ['quiz.attempt.scored', 'lesson.announcement.requested', 'daily.review.completed'],
  gems: ['gems.credited', 'gems.balance.changed', 'gems.debited', 'gems.debit.rejected'],
  gifts: ['redemption.requested', 'redemption.declined'],
};

/** Event types each service consumes (services/lib-events/src/subscriptions.ts, KNOWN_SUBSCRIPTIONS). */
export const CONSUMES = {
  content: ['gems.balance.changed', 'lesson.announcement.requested'],
  quiz: ['lesson.created', 'lesson.deleted', 'gems.credited', 'user.profile.changed', 'family.linked', 'family.unlinked', 'learner.erased'],
  gems: ['quiz.attempt.scored', 'redemption.requested', 'daily.review.completed', 'family.linked', 'family.unlinked', 'redemption.declined', 'learner.erased'],
  gifts: ['gems.debited', 'gems.debit.rejected', 'family.linked', 'family.unlinked', 'learner.erased'],
};

export const SERVICES = Object.keys(PUBLISHES);

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneOf = (names) => `^(${names.map(escape).join('|')})$`;
const mainQueue = (service) => `${service}.events`;
/** Each service's own direct exchange: lib-events publishes its retries and dead letters there (topology.ts). */
export const retryExchange = (service) => `${service}.retry`;

/**
 * A main queue exactly as services/lib-events declares it (topology.ts, mainQueueOptions; broker-definitions.test.ts
 * compares them): a quorum queue whose messages handed back more than 10 times (a consumer crashing mid-handle)
 * dead-letter to its DLQ through the service's exchange.
 */
export function mainQueueArguments(service) {
  return {
    'x-queue-type': 'quorum',
    'x-delivery-limit': 10,
    'x-dead-letter-exchange': retryExchange(service),
    'x-dead-letter-routing-key': `${mainQueue(service)}.dlq`,
    'x-dead-letter-strategy': 'at-least-once',
    'x-overflow': 'reject-publish',
  };
}

/** A DLQ as lib-events declares it: a limit no listing of the DLQ reaches (topology.ts, DLQ_DELIVERY_LIMIT). */
export function dlqArguments() {
  return { 'x-queue-type': 'quorum', 'x-delivery-limit': 1_000_000 };
}

/** A service's main queue and DLQ with their arguments (the chart's Queue resources: infra/helm). */
export function queueArguments(service) {
  return { [mainQueue(service)]: mainQueueArguments(service), [`${mainQueue(service)}.dlq`]: dlqArguments() };
}

/**
 * What lib-events does as service S, and the permission each step needs:
 * - declares the exchange (configure on kidslearn.events) and publishes its own event types to it (write
 *   on kidslearn.events; topic write: only S's types, so gems cannot announce a quiz.attempt.scored);
 * - declares every known consumer's main queue and binds it to its types (subscriptions.ts: configure and
 *   write on each `<service>.events`, read on the exchange, topic read on every consumed type); the queues
 *   themselves come from these definitions (creating another's queue would need read on it);
 * - declares its own exchange `S.retry` (configure), its DLQ and retry queues `S.events.retry.<ms>ms`
 *   (configure), whose dead-letter exchange is `S.retry` as is its main queue's (read on the queue, write on
 *   `S.retry`), and binds each of its queues to `S.retry` (write on the queue, read on `S.retry`);
 * - consumes `S.events` (read) and moves failed messages to its retry queues and DLQ through `S.retry` (write on
 *   `S.retry`). Nothing writes to the default exchange: no service can drop a message into another's queue.
 */
export function permissionsFor(service) {
  const own = escape(mainQueue(service));
  const exchange = escape(retryExchange(service));
  const mainQueues = SERVICES.map(mainQueue);
  const consumedByAnyone = [...new Set(SERVICES.flatMap((name) => CONSUMES[name]))].sort();
  return {
    configure: `^(${escape(EXCHANGE)}|${exchange}|${mainQueues.map(escape).join('|')}|${own}\\.dlq|${own}\\.retry\\.[0-9]+ms)$`,
    write: `^(${escape(EXCHANGE)}|${exchange}|${mainQueues.map(escape).join('|')}|${own}\\.dlq|${own}\\.retry\\.[0-9]+ms)$`,
    read: `^(${escape(EXCHANGE)}|${exchange}|${own}|${own}\\.retry\\.[0-9]+ms)$`,
    topic: { exchange: EXCHANGE, write: oneOf(PUBLISHES[service]), read: oneOf(consumedByAnyone) },
  };
}

/**
 * The topology every service relies on before any of them ran: the events exchange and each consumer's main queue,
 * bound to the types it consumes. A service may not create another's queue (the dead-letter exchange check), so an
 * event published before its consumer's first start would otherwise be dropped as unroutable.
 */
export function topologyDefinitions(vhost) {
  const durable = { durable: true, auto_delete: false };
  return {
    exchanges: [{ name: EXCHANGE, vhost, type: 'topic', ...durable, internal: false, arguments: {} }],
    queues: SERVICES.map((service) => ({ name: mainQueue(service), vhost, ...durable, arguments: mainQueueArguments(service) })),
    bindings: SERVICES.flatMap((service) =>
      CONSUMES[service].map((type) => ({ source: EXCHANGE, vhost, destination: mainQueue(service), destination_type: 'queue', routing_key: type, arguments: {} })),
    ),
  };
}

/** RabbitMQ's default password hash (rabbit_password_hashing_sha256): base64(salt ‖ sha256(salt ‖ password)). */
export function passwordHash(password, salt = randomBytes(4)) {
  const digest = createHash('sha256').update(Buffer.concat([salt, Buffer.from(password, 'utf8')])).digest();
  return Buffer.concat([salt, digest]).toString('base64');
}

/** Letters, digits and `-._~` only (they go into AMQP URLs unescaped), long enough not to be guessed. */
const SECRET = /^[A-Za-z0-9._~-]{24,}$/;

class SetupError extends Error {}

function secret(env, name) {
  const value = env[name]?.trim();
  if (!value) throw new SetupError(`${name} is required (e.g. from infra/make-secrets.sh)`);
  if (!SECRET.test(value)) throw new SetupError(`${name} must be at least 24 letters, digits or -._~ (it goes into a URL)`);
  return value;
}

/** The definitions document (users, permissions, topic permissions, the shared topology) for the given environment. */
export function buildDefinitions(env) {
  const vhost = env.RABBITMQ_VHOST?.trim() || '/';
  const admin = env.RABBITMQ_ADMIN_USER?.trim() || 'kidslearn-admin';
  if (SERVICES.includes(admin)) throw new SetupError(`RABBITMQ_ADMIN_USER must not be a service's name (${admin})`);
  const user = (name, password, tags) => ({ name, password_hash: passwordHash(password), hashing_algorithm: 'rabbit_password_hashing_sha256', tags });
  const services = SERVICES.map((service) => ({ service, password: secret(env, `RABBITMQ_${service.toUpperCase()}_PASSWORD`), ...permissionsFor(service) }));
  return {
    users: [user(admin, secret(env, 'RABBITMQ_ADMIN_PASSWORD'), ['administrator']), ...services.map(({ service, password }) => user(service, password, []))],
    vhosts: [{ name: vhost }],
    permissions: [
      { user: admin, vhost, configure: '.*', write: '.*', read: '.*' },
      ...services.map(({ service, configure, write, read }) => ({ user: service, vhost, configure, write, read })),
    ],
    topic_permissions: services.map(({ service, topic }) => ({ user: service, vhost, exchange: topic.exchange, write: topic.write, read: topic.read })),
    ...topologyDefinitions(vhost),
  };
}

function main([target]) {
  if (!target) throw new SetupError('usage: node definitions.mjs <out.json>');
  const definitions = buildDefinitions(process.env);
  mkdirSync(path.dirname(target), { recursive: true });
  // Salted hashes only; the volume is mounted by this job and the broker.
  writeFileSync(target, JSON.stringify(definitions, null, 2), { mode: 0o644 });
  console.log(`broker users written: ${definitions.users.map((u) => u.name).join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof SetupError ? `definitions: ${error.message}` : error);
    process.exit(1);
  }
}
