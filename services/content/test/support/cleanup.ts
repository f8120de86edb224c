import amqp from 'amqplib';
import mongoose from 'mongoose';
import { topologyFor } from '@kidslearn/lib-events';

const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const RETRY_DELAYS = [1000, 5000, 15000];

/** Removes what a test instance left behind: its durable queues and its database. */
export async function cleanupTestInstance(serviceName: string, mongoUrl?: string): Promise<void> {
  const conn = await amqp.connect(AMQP_URL);
  try {
    const ch = await conn.createChannel();
    const t = topologyFor(serviceName);
    for (const queue of [t.queue, t.dlq, ...RETRY_DELAYS.map((d) => t.retryQueue(d))]) await ch.deleteQueue(queue);
    await ch.close();
  } finally {
    await conn.close();
  }
  if (!mongoUrl) return;
  const db = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    await db.dropDatabase();
  } finally {
    await db.close();
  }
}
