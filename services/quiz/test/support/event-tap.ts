// Listens to one event type on the test broker (a queue of its own, gone with the connection): what the services
// published, to count it.
import amqp from 'amqplib';
import { EXCHANGE, parseEnvelope, type EventEnvelope } from '@kidslearn/lib-events';
import { env } from '@kidslearn/lib-testkit';

export async function tapEvents(type: string): Promise<{ events: EventEnvelope[]; close(): Promise<void> }> {
  const connection = await amqp.connect(env().AMQP_URL);
  const channel = await connection.createChannel();
  await channel.assertExchange(EXCHANGE, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, EXCHANGE, type);
  const events: EventEnvelope[] = [];
  await channel.consume(queue, (message) => void (message && events.push(parseEnvelope(message.content))), { noAck: true });
  return {
    events,
    async close() {
      await connection.close().catch(() => undefined);
    },
  };
}
