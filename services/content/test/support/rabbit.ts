import amqp from 'amqplib';
import type { EventEnvelope } from '@kidslearn/lib-events';

const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const EXCHANGE = 'kidslearn.events';

/** A temporary queue bound to the exchange, to observe what the service publishes. */
export async function observeEvents(routingKeys: string[]) {
  const conn = await amqp.connect(AMQP_URL);
  const ch = await conn.createChannel();
  await ch.assertExchange(EXCHANGE, 'topic', { durable: true });
  const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
  for (const key of routingKeys) await ch.bindQueue(queue, EXCHANGE, key);
  const seen: EventEnvelope[] = [];
  await ch.consume(queue, (msg) => {
    if (msg) seen.push(JSON.parse(msg.content.toString()) as EventEnvelope);
  }, { noAck: true });

  return {
    seen,
    async waitFor(match: (e: EventEnvelope) => boolean, timeoutMs = 10_000): Promise<EventEnvelope> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = seen.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`event not seen within ${timeoutMs} ms; saw ${seen.map((e) => e.type).join(', ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      await ch.close().catch(() => undefined);
      await conn.close().catch(() => undefined);
    },
  };
}

/** Publishes an event as another service would. */
export async function publishEvent(event: EventEnvelope): Promise<void> {
  const conn = await amqp.connect(AMQP_URL);
  const ch = await conn.createConfirmChannel();
  await ch.assertExchange(EXCHANGE, 'topic', { durable: true });
  ch.publish(EXCHANGE, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, contentType: 'application/json' });
  await ch.waitForConfirms();
  await conn.close();
}
