// The test run's broker (AMQP_URL: the run's private vhost) for the outbox relay's tests, seen from both ends: the
// relay publishes through a real EventBus, and a queue of the file's own, bound to the file's event types, records
// what RabbitMQ actually delivered. Nothing in memory stands in for the broker.
import type { Channel, ChannelModel } from 'amqplib';
import { createLogger } from '@kidslearn/lib-core';
import { EXCHANGE, EventBus, connectFirst, createEnvelope, parseEnvelope, type EventEnvelope } from '@kidslearn/lib-events';
import { env, eventually, randomSuffix } from '@kidslearn/lib-testkit';
import type { OutboxPublisher } from '../src/outbox-relay';

const logger = createLogger('relay-broker', process.env.TEST_LOG_LEVEL ?? 'silent');

export interface RelayBroker {
  /** The publisher to hand the relay (publisher confirms: resolves once RabbitMQ has the message). */
  bus: EventBus;
  /** A new event of a type only this file's queue receives. */
  event(data?: Record<string, unknown>): EventEnvelope;
  /** Ids of the events delivered so far, in order of delivery, duplicates included. */
  delivered(): string[];
  /** Waits until each of `events` was delivered. */
  waitFor(...events: EventEnvelope[]): Promise<void>;
  /**
   * Every delivery of what was published before this call, for exact counts: a marker published after it is
   * delivered after it (one publisher, one queue), so once the marker is in, nothing published earlier is still
   * on its way.
   */
  settled(): Promise<string[]>;
  /** A connection to this broker the test can lose and get back (see BrokerConnection). */
  connection(options?: { up?: boolean }): Promise<BrokerConnection>;
  close(): Promise<void>;
}

/**
 * A publisher's connection to the run's broker that the test takes down and brings back: while down, publishes go
 * to a bus whose connection is closed and are refused by it. Stopping the run's broker would cut every other test
 * off; the bus riding out a real broker restart is lib-events' event-bus-restart test, on a node of its own.
 */
export interface BrokerConnection extends OutboxPublisher {
  lose(): void;
  reconnect(): void;
  /** Publishes refused so far. */
  refused(): number;
}

export async function connectRelayBroker(label: string): Promise<RelayBroker> {
  const prefix = `test.${label}.${randomSuffix()}`;
  // Declares the exchange; no service queues (the known subscriptions) for a publisher of test events.
  const bus = await EventBus.connect({ url: env().AMQP_URL, serviceName: `${label}-${randomSuffix()}`, logger, knownSubscriptions: {} });
  const connection: ChannelModel = await connectFirst(env().AMQP_URL);
  const channel: Channel = await connection.createChannel();
  // Exclusive: RabbitMQ removes it with the connection.
  const { queue } = await channel.assertQueue('', { exclusive: true, arguments: { 'x-queue-type': 'classic' } });
  await channel.bindQueue(queue, EXCHANGE, `${prefix}.#`);
  const ids: string[] = [];
  await channel.consume(queue, (message) => message && ids.push(parseEnvelope(message.content).id), { noAck: true });

  const markers = new Set<string>();
  const delivered = () => ids.filter((id) => !markers.has(id));
  const waitFor = async (...events: EventEnvelope[]) => {
    await eventually(() => events.every((e) => ids.includes(e.id)));
  };
  return {
    bus,
    event: (data = {}) => createEnvelope(`${prefix}.event`, data),
    delivered,
    waitFor,
    async settled() {
      const marker = createEnvelope(`${prefix}.marker`, {});
      markers.add(marker.id);
      await bus.publish(marker);
      await waitFor(marker);
      return delivered();
    },
    async connection({ up = true } = {}) {
      const gone = await closedBus();
      let current = up ? bus : gone;
      let refused = 0;
      return {
        publish: (event) =>
          current.publish(event).catch((error: unknown) => {
            refused += 1;
            throw error;
          }),
        lose: () => void (current = gone),
        reconnect: () => void (current = bus),
        refused: () => refused,
      };
    },
    async close() {
      await bus.close();
      await connection.close().catch(() => undefined);
    },
  };
}

/** A real bus whose connection is gone, as a writer's that died: every publish is refused. */
export async function closedBus(): Promise<EventBus> {
  const bus = await EventBus.connect({ url: env().AMQP_URL, serviceName: `closed-${randomSuffix()}`, logger, knownSubscriptions: {} });
  await bus.close();
  return bus;
}
