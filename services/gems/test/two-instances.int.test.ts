// Two gems processes (src/start.ts, as deployed) on one database and one queue, nothing shared between them
// but the database and the broker: both consume, and every balance decision is still exact (issue 20: services
// are written for MongoDB semantics only and run as many instances as they need).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import amqp from 'amqplib';
import mongoose from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { createEvent, EventBus, topologyFor } from '@kidslearn/lib-events';
import { env, eventually, randomSuffix, uniqueDbUrl } from '@kidslearn/lib-testkit';

const repoRoot = path.resolve(__dirname, '../../..');
const mongoUrl = uniqueDbUrl('gems-two-instances');
const serviceName = `gems-two-${randomSuffix()}`;
const children: ChildProcess[] = [];

function startGems() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('services', 'gems', 'src', 'start.ts')], {
    cwd: repoRoot,
    env: { ...process.env, SERVICE_NAME: serviceName, MONGO_URL: mongoUrl, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { listening: () => eventually(() => text.includes('service listening'), { timeoutMs: 60_000 }) };
}

let db: mongoose.Connection;
let publisher: EventBus;

beforeAll(async () => {
  const instances = [startGems(), startGems()];
  await Promise.all(instances.map((instance) => instance.listening()));
  db = await mongoose.createConnection(mongoUrl).asPromise();
  publisher = await EventBus.connect({ url: env().AMQP_URL, serviceName: `gems-two-publisher-${randomSuffix()}`, logger: createLogger('publisher', 'silent') });
}, 90_000);

afterAll(async () => {
  await publisher?.close();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db?.dropDatabase().catch(() => undefined);
  await db?.close();
  const conn = await amqp.connect(env().AMQP_URL);
  const ch = await conn.createChannel();
  const t = topologyFor(serviceName);
  for (const queue of [t.queue, t.dlq]) await ch.deleteQueue(queue).catch(() => undefined);
  await conn.close();
});

it('when two gems instances consume one queue, then credits and redemptions of one learner, redeliveries included, come out exact', async () => {
  const conn = await amqp.connect(env().AMQP_URL);
  const ch = await conn.createChannel();
  expect((await ch.checkQueue(topologyFor(serviceName).queue)).consumerCount).toBe(2);
  await conn.close();

  const email = `two-${randomUUID().slice(0, 8)}@kidslearn.test`;
  const credits = Array.from({ length: 10 }, (_, i) =>
    createEvent('quiz.attempt.scored', { attemptId: randomUUID(), lessonId: `lesson-${i}`, email, userId: 'u', name: 'Two', score: 2, total: 2, reward: 2 }),
  );
  for (const event of credits) await publisher.publish(event);
  // Redeliveries of three credits (same event ids): nothing more is credited.
  for (const event of credits.slice(0, 3)) await publisher.publish(event);
  const balances = db.collection<{ _id: string; gems: number }>('balances');
  await eventually(async () => (await balances.findOne({ _id: email }))?.gems === 20, { timeoutMs: 30_000 });

  // 30 redemptions of 1 gem on a balance of 20, ten of them requested twice (a reconciler's re-drive: new event id).
  const redemptions = Array.from({ length: 30 }, () => randomUUID());
  const requests = [...redemptions, ...redemptions.slice(0, 10)].map((redemptionId) => createEvent('redemption.requested', { redemptionId, email, cost: 1 }));
  await Promise.all(requests.map((event) => publisher.publish(event)));

  type Line = { _id: string; ref: string; kind: string; amount: number };
  /** The learner's ledger: the lines collection and the last change's line if not copied yet. */
  const linesOf = async () => {
    const balance = (await db.collection('balances').findOne({ _id: email as never }))!;
    const stored = await db.collection<Line>('ledger').find({ email } as never).toArray();
    const pending = balance.pendingLine as Line | null;
    return { balance, lines: pending && !stored.some((line) => line._id === pending._id) ? [...stored, pending] : stored };
  };
  const decided = (lines: Line[]) => lines.filter((line) => line.kind === 'debit' || line.kind === 'debit-rejected');
  await eventually(async () => new Set(decided((await linesOf()).lines).map((line) => line.ref)).size === 30, { timeoutMs: 30_000 });
  await eventually(async () => (await linesOf()).balance.outbox.length === 0, { timeoutMs: 30_000 });

  const { balance, lines } = await linesOf();
  const perRedemption = new Map<string, number>();
  for (const line of decided(lines)) perRedemption.set(line.ref, (perRedemption.get(line.ref) ?? 0) + 1);
  expect([...perRedemption.values()].filter((n) => n !== 1)).toEqual([]);
  expect(lines.filter((line) => line.kind === 'credit')).toHaveLength(10);
  expect(lines.filter((line) => line.kind === 'debit')).toHaveLength(20);
  expect(balance.gems).toBe(0);
  expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(balance.gems);
}, 120_000);
