import { randomUUID } from 'node:crypto';
import type { ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import { publishConfirmed } from './confirm';

const FORWARD_ID = 'x-forward-id';
/** Per channel: forward ids the broker returned as unroutable (its basic.return precedes the basic.ack). */
const returnedOn = new WeakMap<ConfirmChannel, Set<string>>();

function returned(ch: ConfirmChannel): Set<string> {
  let ids = returnedOn.get(ch);
  if (!ids) {
    const created = new Set<string>();
    ch.on('return', (msg: ConsumeMessage) => {
      const id = msg.properties.headers?.[FORWARD_ID];
      if (typeof id === 'string') created.add(id);
    });
    returnedOn.set(ch, created);
    ids = created;
  }
  return ids;
}

/**
 * Publishes with `mandatory` and resolves once the broker confirmed it and routed it to a queue. A plain confirm
 * also acks a message no binding routes (it is dropped): forwarding it, then acking the original, would lose it.
 */
export async function publishRouted(ch: ConfirmChannel, exchange: string, routingKey: string, content: Buffer, options: Options.Publish): Promise<void> {
  const ids = returned(ch);
  const id = randomUUID();
  await publishConfirmed(ch, exchange, routingKey, content, { ...options, mandatory: true, headers: { ...options.headers, [FORWARD_ID]: id } });
  if (ids.delete(id)) throw new Error(`unroutable: no queue bound to ${routingKey} on ${exchange}`);
}
