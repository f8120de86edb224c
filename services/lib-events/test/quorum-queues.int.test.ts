// The queues lib-events declares on a real RabbitMQ: quorum queues, the delivery limit bounding a consumer that
// keeps going down mid-handle (not the retry ladder), retries through the service's own exchange, and AMQP_URL
// as a list of nodes.
import net from 'node:net';
import amqp from 'amqplib';
import { createLogger } from '@kidslearn/lib-core';
import { env, eventually, randomSuffix } from '@kidslearn/lib-testkit';
import { DELIVERY_LIMIT, EventBus, createEnvelope, topologyFor } from '../src';
import { declarationFor, declareConsumerQueues } from '../src/topology';

const logger = createLogger('quorum-queues-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const buses: EventBus[] = [];
const services: string[] = [];
let conn: amqp.ChannelModel;

beforeAll(async () => {
  conn = await amqp.connect(env().AMQP_URL);
});

afterAll(async () => {
  for (const bus of buses) await bus.close();
  const ch = await conn.createChannel();
  for (const service of services) {
    const t = topologyFor(service);
    for (const q of [t.queue, t.dlq, t.retryQueue(20), t.retryQueue(100)]) await ch.deleteQueue(q);
    await ch.deleteExchange(t.retryExchange);
  }
  await conn.close();
});

function serviceName(): string {
  const name = `kit-quorum-${randomSuffix()}`;
  services.push(name);
  return name;
}

async function connect(name: string, extra: Partial<Parameters<typeof EventBus.connect>[0]> = {}): Promise<EventBus> {
  const bus = await EventBus.connect({ url: env().AMQP_URL, serviceName: name, logger, retryDelaysMs: [100], knownSubscriptions: {}, ...extra });
  buses.push(bus);
  return bus;
}

/** The broker's answer to declaring `queue` as lib-events does, but classic: refused when it is a quorum queue. */
async function declareClassic(queue: string): Promise<string> {
  const { options } = declarationFor(queue)!;
  const ch = await conn.createChannel();
  ch.on('error', () => undefined);
  return ch.assertQueue(queue, { ...options, arguments: { ...options.arguments, 'x-queue-type': 'classic' } }).then(
    async () => {
      await ch.close();
      return 'accepted';
    },
    (error: Error) => error.message,
  );
}

const event = (type: string) => createEnvelope(type, { n: 1 });

describe('quorum queues', () => {
  it("when a service's bus subscribes, then its main queue, DLQ and retry queues are quorum queues", async () => {
    const name = serviceName();
    const bus = await connect(name);
    await bus.subscribe(`test.quorum.${randomSuffix()}`, () => undefined);
    const t = bus.queues;

    for (const queue of [t.queue, t.dlq, t.retryQueue(100)]) expect(await declareClassic(queue)).toMatch(/inequivalent arg 'x-queue-type'.*'quorum'/);
  });

  it('when a consumer goes down mid-handle every time, then the broker moves the message to the DLQ after the delivery limit', async () => {
    const name = serviceName();
    const t = topologyFor(name);
    const type = `test.crash.${randomSuffix()}`;
    const setup = await conn.createChannel();
    await declareConsumerQueues(setup, t, [100], [type]);
    const crashing = event(type);
    setup.publish('kidslearn.events', type, Buffer.from(JSON.stringify(crashing)), { persistent: true, messageId: crashing.id });
    await setup.close();

    // A consumer that dies with each delivery (its channel closes before any ack): the crash loop the limit ends.
    const deliveries: number[] = [];
    for (let i = 0; i <= DELIVERY_LIMIT + 2; i++) {
      const ch = await conn.createChannel();
      const got = await eventually(async () => (await ch.get(t.queue, { noAck: false })) || (await peekDlq(t.dlq)), { timeoutMs: 10_000 });
      if (!got || got === 'in the DLQ') break;
      deliveries.push(Number(got.properties.headers?.['x-delivery-count'] ?? 0));
      await ch.close();
    }

    expect(deliveries).toEqual(Array.from({ length: DELIVERY_LIMIT + 1 }, (_, i) => i));
    const ch = await conn.createChannel();
    const dead = await eventually(() => ch.get(t.dlq, { noAck: true }));
    await ch.close();
    expect(dead && JSON.parse(dead.content.toString()).id).toBe(crashing.id);
    expect(dead && dead.properties.headers?.['x-first-death-reason']).toBe('delivery_limit');
  });

  it('when a handler keeps failing, then the retry ladder runs every attempt, more than the delivery limit, before the DLQ', async () => {
    const type = `test.ladder.${randomSuffix()}`;
    const maxAttempts = DELIVERY_LIMIT + 2;
    const bus = await connect(serviceName(), { retryDelaysMs: [20], maxAttempts });
    const attempts: number[] = [];
    await bus.subscribe(type, (_event, ctx) => {
      attempts.push(ctx.attempt);
      throw new Error('database unavailable');
    });
    await bus.publish(event(type));

    const ch = await conn.createChannel();
    const dead = await eventually(() => ch.get(bus.queues.dlq, { noAck: true }), { timeoutMs: 30_000 });
    await ch.close();
    expect(attempts).toEqual(Array.from({ length: maxAttempts }, (_, i) => i + 1));
    expect(dead && dead.properties.headers?.['x-error']).toBe('database unavailable');
  });

  it('when a retry cannot be routed (its binding is gone), then the message is not acked away: it comes back and retries once the route is there', async () => {
    const type = `test.unroutable.${randomSuffix()}`;
    const bus = await connect(serviceName());
    const t = bus.queues;
    const attempts: number[] = [];
    await bus.subscribe(type, (_event, ctx) => {
      attempts.push(ctx.attempt);
      if (ctx.attempt === 1) throw new Error('first attempt fails');
    });
    const ch = await conn.createChannel();
    await ch.unbindQueue(t.retryQueue(100), t.retryExchange, t.retryQueue(100));
    await bus.publish(event(type));

    await eventually(() => attempts.length >= 2, { timeoutMs: 10_000 });
    expect(attempts.slice(0, 2)).toEqual([1, 1]);
    await ch.bindQueue(t.retryQueue(100), t.retryExchange, t.retryQueue(100));
    await ch.close();
    await eventually(() => attempts.includes(2), { timeoutMs: 15_000 });
  });

  it('when the first node of AMQP_URL does not answer, then the bus connects to the next one and works', async () => {
    const deadNode = `amqp://guest:guest@127.0.0.1:${await closedPort()}`;
    const type = `test.failover.${randomSuffix()}`;
    const bus = await connect(serviceName(), { url: `${deadNode},${env().AMQP_URL}` });
    const received: string[] = [];
    await bus.subscribe(type, (delivered) => void received.push(delivered.id));
    const sent = event(type);
    await bus.publish(sent);

    await eventually(() => received.length === 1);
    expect(received).toEqual([sent.id]);
  });
});

/** A port nothing listens on (taken from the OS, then let go). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves 'in the DLQ' once the message sits in the DLQ (then no more deliveries come), else false. */
async function peekDlq(dlq: string): Promise<'in the DLQ' | false> {
  const ch = await conn.createChannel();
  const { messageCount } = await ch.checkQueue(dlq);
  await ch.close();
  return messageCount > 0 ? 'in the DLQ' : false;
}
