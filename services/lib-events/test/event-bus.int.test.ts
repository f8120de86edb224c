import amqp from 'amqplib';
import { createLogger } from '@kidslearn/lib-core';
import { LogCapture, env, eventually, randomSuffix } from '@kidslearn/lib-testkit';
import { DEFAULT_PREFETCH, EventBus, PoisonMessageError, createEnvelope } from '../src';
import type { EventEnvelope } from '../src';

const logger = createLogger('event-bus-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const buses: EventBus[] = [];
const queuesToDelete: string[] = [];

async function connect(serviceName: string, extra: Partial<Parameters<typeof EventBus.connect>[0]> = {}): Promise<EventBus> {
  const bus = await EventBus.connect({ url: env().AMQP_URL, serviceName, logger, retryDelaysMs: [100, 200], ...extra });
  buses.push(bus);
  const q = bus.queues;
  queuesToDelete.push(q.queue, q.dlq, q.retryQueue(100), q.retryQueue(200));
  return bus;
}

afterAll(async () => {
  for (const bus of buses) await bus.close();
  const conn = await amqp.connect(env().AMQP_URL);
  const ch = await conn.createChannel();
  for (const q of queuesToDelete) await ch.deleteQueue(q);
  await conn.close();
});

describe('EventBus against RabbitMQ', () => {
  it('when an event is published before its known consumer ever started, then the consumer gets it on its first start', async () => {
    const type = `test.early.${randomSuffix()}`;
    const consumerName = `kit-late-${randomSuffix()}`;
    const publisher = await connect(`kit-early-${randomSuffix()}`, { knownSubscriptions: { [consumerName]: [type] } });
    const event = createEnvelope(type, { lesson: 'first' });
    await publisher.publish(event);
    const consumer = await connect(consumerName);
    const received: EventEnvelope[] = [];
    await consumer.subscribe(type, (delivered) => void received.push(delivered));
    await eventually(() => received.length === 1);
    expect(received[0]).toEqual(event);
  });

  it('when an event is published, then the subscriber of its type receives the same envelope', async () => {
    const type = `test.published.${randomSuffix()}`;
    const bus = await connect(`kit-${randomSuffix()}`);
    const received: EventEnvelope[] = [];
    await bus.subscribe(type, (event) => void received.push(event));
    const event = createEnvelope(type, { n: 1 });
    await bus.publish(event);
    await eventually(() => received.length === 1);
    expect(received[0]).toEqual(event);
  });

  it('when more events wait than the prefetch, then the consumer handles DEFAULT_PREFETCH (40) side by side and the rest as those finish', async () => {
    const type = `test.prefetch.${randomSuffix()}`;
    const bus = await connect(`kit-${randomSuffix()}`);
    let inFlight = 0;
    let mostInFlight = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const handled: number[] = [];
    await bus.subscribe(type, async (event) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await released;
      handled.push((event.data as { n: number }).n);
      inFlight -= 1;
    });
    const total = DEFAULT_PREFETCH + 10;
    for (let n = 0; n < total; n += 1) await bus.publish(createEnvelope(type, { n }));
    await eventually(() => inFlight === DEFAULT_PREFETCH);
    // Held there: the broker hands out no more until one is acked.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mostInFlight).toBe(DEFAULT_PREFETCH);
    release();
    await eventually(() => handled.length === total);
    expect(new Set(handled).size).toBe(total);
    expect(DEFAULT_PREFETCH).toBe(40);
  });

  it('when an event of a type not yet subscribed arrives, then it is not acked away and reaches the handler bound later', async () => {
    const early = `test.bound.${randomSuffix()}`;
    const late = `test.late.${randomSuffix()}`;
    const name = `kit-${randomSuffix()}`;
    const log = new LogCapture();
    const bus = await connect(name, { knownSubscriptions: { [name]: [early, late] }, logger: createLogger(name, 'debug', log) });
    await bus.subscribe(early, () => undefined);
    const event = createEnvelope(late, { waits: true });
    await bus.publish(event);
    // It reached the consumer with no handler yet: refused and sent to be retried, not acked.
    await log.waitFor((line) => line.eventId === event.id && line.msg === 'event handler failed; will retry');
    const received: EventEnvelope[] = [];
    await bus.subscribe(late, (delivered) => void received.push(delivered));
    await eventually(() => received.length === 1);
    expect(received[0]).toEqual(event);
  });

  it('when a handler always fails, then the message ends in the dead-letter queue after the retries', async () => {
    const type = `test.failing.${randomSuffix()}`;
    const bus = await connect(`kit-${randomSuffix()}`, { maxAttempts: 3 });
    const attempts: number[] = [];
    await bus.subscribe(type, (_event, ctx) => {
      attempts.push(ctx.attempt);
      throw new Error('handler always fails');
    });
    const event = createEnvelope(type, { doomed: true });
    await bus.publish(event);

    const conn = await amqp.connect(env().AMQP_URL);
    const ch = await conn.createChannel();
    const dead = await eventually(async () => ch.get(bus.queues.dlq, { noAck: true }), { timeoutMs: 15_000 });
    await conn.close();
    expect(attempts).toEqual([1, 2, 3]);
    expect(dead && JSON.parse(dead.content.toString())).toEqual(event);
    expect(dead && dead.properties.headers?.['x-error']).toBe('handler always fails');
  });

  it('when a handler rejects a poison message, then it goes to the dead-letter queue at once without retries', async () => {
    const type = `test.poison.${randomSuffix()}`;
    const bus = await connect(`kit-${randomSuffix()}`, { maxAttempts: 3 });
    const attempts: number[] = [];
    await bus.subscribe(type, (_event, ctx) => {
      attempts.push(ctx.attempt);
      throw new PoisonMessageError('payload is not a valid attempt');
    });
    const event = createEnvelope(type, { bad: true });
    await bus.publish(event);

    const conn = await amqp.connect(env().AMQP_URL);
    const ch = await conn.createChannel();
    const dead = await eventually(async () => ch.get(bus.queues.dlq, { noAck: true }), { timeoutMs: 15_000 });
    await conn.close();
    expect(attempts).toEqual([1]);
    expect(dead && dead.properties.headers?.['x-error']).toBe('payload is not a valid attempt');
  });
});
