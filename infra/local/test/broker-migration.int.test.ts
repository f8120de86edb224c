// A broker node from before quorum queues, reused by the runner's start: its classic queues are drained, deleted
// and declared again as lib-events declares them today (quorum), with every message kept, in order, and the
// bindings kept. On a node of its own (the shared one serves the running portal).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import amqp from 'amqplib';
import type { ChannelModel } from 'amqplib';
import { holdingQueue } from '../../../services/lib-events/src/migrate';
import { declarationFor, topologyFor } from '../../../services/lib-events/src/topology';
import { migrateNodeQueues } from '../src/broker-queues';
import { rabbitmqNode } from '../src/components/rabbitmq';
import { componentDir } from '../src/paths';
import { freePort } from '../src/ports';
import { rabbitmqctl } from '../src/rabbitmqctl';
import { startAll, stopAll } from '../src/runner';

jest.setTimeout(180_000);

const name = `rabbitmq-migrate-${randomBytes(3).toString('hex')}`;
const nodeName = `${name}@localhost`;
let port: number;
let node: ReturnType<typeof rabbitmqNode>;
let conn: ChannelModel;
const OTHER_VHOST = 'kidslearn-old-vhost';

beforeAll(async () => {
  port = await freePort();
  node = rabbitmqNode({ name, port, distPort: await freePort(), nodeName, fresh: false });
  const result = await startAll([node], { install: false });
  expect(result.errors).toEqual([]);
  await rabbitmqctl({ name, nodeName }, ['add_vhost', OTHER_VHOST]);
  await rabbitmqctl({ name, nodeName }, ['set_permissions', '-p', OTHER_VHOST, 'guest', '.*', '.*', '.*']);
  conn = await amqp.connect(`amqp://guest:guest@127.0.0.1:${port}`);
});

afterAll(async () => {
  await conn?.close().catch(() => undefined);
  if (node) await stopAll([node]);
  rmSync(componentDir(name), { recursive: true, force: true });
});

const urlOf = (vhost: string) => `amqp://guest:guest@127.0.0.1:${port}/${encodeURIComponent(vhost)}`;

/** What the bus declared before quorum queues: classic queues, retries dead-lettered through the default exchange. */
async function declareOldTopology(c: ChannelModel, service: string, types: string[]): Promise<void> {
  const t = topologyFor(service);
  const ch = await c.createChannel();
  await ch.assertExchange('kidslearn.events', 'topic', { durable: true });
  await ch.assertQueue(t.queue, { durable: true });
  await ch.assertQueue(t.dlq, { durable: true });
  await ch.assertQueue(t.retryQueue(300_000), { durable: true, arguments: { 'x-message-ttl': 300_000, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': t.queue } });
  for (const type of types) await ch.bindQueue(t.queue, 'kidslearn.events', type);
  await ch.close();
}

async function put(c: ChannelModel, queue: string, bodies: string[], headers: Record<string, unknown> = {}): Promise<void> {
  const ch = await c.createConfirmChannel();
  for (const body of bodies) ch.sendToQueue(queue, Buffer.from(body), { persistent: true, messageId: body, headers });
  await ch.waitForConfirms();
  await ch.close();
}

/** Every message of a queue, in order, taken out (acked). */
async function drain(c: ChannelModel, queue: string): Promise<{ body: string; headers: Record<string, unknown> }[]> {
  const ch = await c.createChannel();
  const out: { body: string; headers: Record<string, unknown> }[] = [];
  for (let msg = await ch.get(queue, { noAck: true }); msg; msg = await ch.get(queue, { noAck: true })) out.push({ body: msg.content.toString(), headers: msg.properties.headers ?? {} });
  await ch.close();
  return out;
}

/** The broker's answer to declaring `queue` as lib-events does today, in the given type. */
async function declareAs(c: ChannelModel, queue: string, type: 'classic' | 'quorum'): Promise<string> {
  const { options } = declarationFor(queue)!;
  const ch = await c.createChannel();
  ch.on('error', () => undefined);
  return ch.assertQueue(queue, { ...options, arguments: { ...options.arguments, 'x-queue-type': type } }).then(
    async () => {
      await ch.close();
      return 'accepted';
    },
    (error: Error) => (/inequivalent arg 'x-queue-type'/.test(error.message) ? 'refused: another type' : error.message),
  );
}

async function exists(c: ChannelModel, queue: string): Promise<boolean> {
  const ch = await c.createChannel();
  ch.on('error', () => undefined);
  return ch.checkQueue(queue).then(
    async () => {
      await ch.close();
      return true;
    },
    () => false,
  );
}

describe('the runner migrates a reused broker node to quorum queues', () => {
  it('when start reuses a node holding classic queues with messages (main, retry, DLQ), then they are quorum queues with the same messages, in order, bound as before', async () => {
    const quiz = topologyFor('quiz');
    await declareOldTopology(conn, 'quiz', ['lesson.created', 'gems.credited']);
    const ch = await conn.createChannel();
    await ch.bindQueue(quiz.queue, 'kidslearn.events', 'test.bound-by-hand');
    await ch.close();
    await put(conn, quiz.queue, ['main-1', 'main-2', 'main-3']);
    await put(conn, quiz.retryQueue(300_000), ['retry-1', 'retry-2'], { 'x-attempt': 2 });
    await put(conn, quiz.dlq, ['dead-1'], { 'x-attempt': 16, 'x-error': 'database unavailable' });
    // Another vhost of the same node (the bench's, a test run's) is migrated too.
    const other = await amqp.connect(urlOf(OTHER_VHOST));
    await declareOldTopology(other, 'gems', ['quiz.attempt.scored']);
    await put(other, topologyFor('gems').dlq, ['gems-dead-1']);
    // An empty classic queue of a service nobody runs any more (a test's) is left as it is.
    const gone = topologyFor('kit-gone-1a2b').retryQueue(1000);
    const side = await conn.createChannel();
    await side.assertQueue(gone, { durable: true });
    await side.close();

    const result = await startAll([node], { install: false, reconcile: true });

    expect(result).toMatchObject({ reused: [name], errors: [] });
    for (const queue of [quiz.queue, quiz.dlq, quiz.retryQueue(300_000)]) {
      expect(`${queue}: ${await declareAs(conn, queue, 'quorum')}`).toBe(`${queue}: accepted`);
      expect(`${queue}: ${await declareAs(conn, queue, 'classic')}`).toBe(`${queue}: refused: another type`);
      expect(await exists(conn, holdingQueue(queue))).toBe(false);
    }
    expect(await declareAs(other, topologyFor('gems').dlq, 'classic')).toBe('refused: another type');
    const stillClassic = await conn.createChannel();
    await stillClassic.assertQueue(gone, { durable: true });
    await stillClassic.close();

    expect((await drain(conn, quiz.retryQueue(300_000))).map((m) => [m.body, m.headers['x-attempt']])).toEqual([
      ['retry-1', 2],
      ['retry-2', 2],
    ]);
    expect(await drain(conn, quiz.dlq)).toMatchObject([{ body: 'dead-1', headers: { 'x-attempt': 16, 'x-error': 'database unavailable' } }]);
    expect((await drain(other, topologyFor('gems').dlq)).map((m) => m.body)).toEqual(['gems-dead-1']);
    // The bindings: the known consumer's types, and one made by hand.
    const publisher = await conn.createConfirmChannel();
    for (const type of ['lesson.created', 'test.bound-by-hand']) publisher.publish('kidslearn.events', type, Buffer.from(`after-${type}`), { persistent: true });
    await publisher.waitForConfirms();
    await publisher.close();
    expect((await drain(conn, quiz.queue)).map((m) => m.body)).toEqual(['main-1', 'main-2', 'main-3', 'after-lesson.created', 'after-test.bound-by-hand']);
    await other.close();
  });

  it('when a classic queue has a consumer, then it is left alone (with its messages) and the runner says to stop that consumer', async () => {
    const gifts = topologyFor('gifts');
    await declareOldTopology(conn, 'gifts', ['gems.debited']);
    const consumer = await conn.createChannel();
    await consumer.prefetch(1);
    await consumer.consume(gifts.queue, () => undefined, { noAck: false });
    const said: string[] = [];

    const outcomes = await migrateNodeQueues({ name, nodeName, port }, (message) => said.push(message));

    expect(outcomes.find((o) => o.queue === gifts.queue)).toEqual({ queue: gifts.queue, result: 'busy', count: 1 });
    expect(said.join('\n')).toContain(`${gifts.queue} left classic: 1 consumer(s) use it`);
    const old = await conn.createChannel();
    await old.assertQueue(gifts.queue, { durable: true }); // still the classic queue it was
    await old.close();
    expect(outcomes.find((o) => o.queue === gifts.dlq)?.result).toBe('migrated');
    await consumer.close();
  });

  it('when a migration stopped half-way (the queue deleted, its messages in the holding queue), then the next start finishes it', async () => {
    const content = topologyFor('content');
    const holding = holdingQueue(content.dlq);
    const ch = await conn.createChannel();
    await ch.assertQueue(holding, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await ch.close();
    await put(conn, holding, ['held-1', 'held-2']);

    const outcomes = await migrateNodeQueues({ name, nodeName, port }, () => undefined);

    expect(outcomes.find((o) => o.queue === content.dlq)).toEqual({ queue: content.dlq, result: 'migrated', count: 2 });
    expect(await exists(conn, holding)).toBe(false);
    expect((await drain(conn, content.dlq)).map((m) => m.body)).toEqual(['held-1', 'held-2']);
  });
});
