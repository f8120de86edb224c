import { topologyFor } from './topology';
import { connectFirst } from './nodes';
import { publishRouted } from './routed';

export interface DeadLetter {
  messageId?: string;
  type?: string;
  attempts: number;
  error?: string;
  deadLetteredAt?: string;
}

/**
 * The messages waiting in a service's DLQ (looked at, left in place: unacked gets return on close; each return
 * counts as a delivery, hence the DLQ's delivery limit out of reach, topology.ts). `url`: AMQP_URL, a list allowed.
 */
export async function listDeadLetters(url: string, serviceName: string): Promise<DeadLetter[]> {
  const conn = await connectFirst(url);
  try {
    const ch = await conn.createChannel();
    const { dlq } = topologyFor(serviceName);
    const { messageCount } = await ch.checkQueue(dlq);
    const found: DeadLetter[] = [];
    for (let i = 0; i < messageCount; i++) {
      const msg = await ch.get(dlq, { noAck: false });
      if (!msg) break;
      const headers = msg.properties.headers ?? {};
      found.push({
        messageId: msg.properties.messageId as string | undefined,
        type: msg.properties.type as string | undefined,
        attempts: Number(headers['x-attempt'] ?? 1),
        error: headers['x-error'] as string | undefined,
        deadLetteredAt: headers['x-dead-lettered-at'] as string | undefined,
      });
    }
    await ch.close(); // returns every message to the DLQ
    return found;
  } finally {
    await conn.close();
  }
}

/**
 * Moves every DLQ message back into the service's main queue as a first attempt (confirmed before
 * the DLQ copy is acked: a crash mid-way duplicates, the idempotent consumers ignore it). Returns the count.
 */
export async function replayDeadLetters(url: string, serviceName: string): Promise<number> {
  const conn = await connectFirst(url);
  try {
    const ch = await conn.createConfirmChannel();
    const { dlq, queue } = topologyFor(serviceName);
    const { messageCount } = await ch.checkQueue(dlq);
    let replayed = 0;
    for (let i = 0; i < messageCount; i++) {
      const msg = await ch.get(dlq, { noAck: false });
      if (!msg) break;
      const headers: Record<string, unknown> = { ...msg.properties.headers, 'x-attempt': 1, 'x-replayed-at': new Date().toISOString() };
      delete headers['x-error'];
      // Straight into the main queue (the administrator may use the default exchange; services no longer do).
      await publishRouted(ch, '', queue, msg.content, { ...msg.properties, persistent: true, headers });
      ch.ack(msg);
      replayed++;
    }
    await ch.close();
    return replayed;
  } finally {
    await conn.close();
  }
}
