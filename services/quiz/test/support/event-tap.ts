// Listens to one event type on the test broker (a queue of its own, gone with the connection): what the services
// published, to count it.
import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { EXCHANGE, parseEnvelope, type EventEnvelope } from '@kidslearn/lib-events';
import { env } from '@kidslearn/lib-testkit';

const MARKER = 'event-tap-marker';

export async function tapEvents(type: string): Promise<{ events: EventEnvelope[]; caughtUp(): Promise<void>; close(): Promise<void> }> {
  const connection = await amqp.connect(env().AMQP_URL);
  const channel = await connection.createChannel();
  await channel.assertExchange(EXCHANGE, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, EXCHANGE, type);
  const events: EventEnvelope[] = [];
  const markers = new Map<string, () => void>();
  await channel.consume(
    queue,
    (message) => {
      if (!message) return;
      if (message.properties.type === MARKER) return markers.get(String(message.properties.messageId))?.();
      events.push(parseEnvelope(message.content));
    },
    { noAck: true },
  );
  const publisher = await connection.createConfirmChannel();
  return {
    events,
    /**
     * Resolves once `events` holds everything the broker confirmed to a publisher before this call: a marker is
     * sent into the tap's queue after them, and one queue with one consumer delivers in order.
     */
    async caughtUp() {
      const id = randomUUID();
      const seen = new Promise<void>((resolve) => markers.set(id, resolve));
      publisher.sendToQueue(queue, Buffer.from('{}'), { type: MARKER, messageId: id });
      await publisher.waitForConfirms();
      await seen;
      markers.delete(id);
    },
    async close() {
      await connection.close().catch(() => undefined);
    },
  };
}
