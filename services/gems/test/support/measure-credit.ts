// Measures crediting N quiz.attempt.scored events for ONE learner against the real local
// infrastructure (throw-away database): time per credit and where it goes (read, guarded write,
// relay publish). Run: npx tsx services/gems/test/support/measure-credit.ts [n]
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus } from '@kidslearn/lib-events';
import { connectMongo, createOutbox, type Outbox } from '@kidslearn/lib-mongo';
import { env, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { balanceRepository } from '../../src/data-access/balances';
import { creditAttempt } from '../../src/use-cases/credit-attempt';

const timings = new Map<string, number[]>();
async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    const list = timings.get(name) ?? [];
    list.push(performance.now() - started);
    timings.set(name, list);
  }
}
const wrap = <O extends object, K extends keyof O>(obj: O, key: K, name: string) => {
  const original = obj[key] as unknown as (...args: unknown[]) => Promise<unknown>;
  (obj as Record<K, unknown>)[key] = (...args: unknown[]) => timed(name, () => original.apply(obj, args));
};

export async function measureCredit(n = 200): Promise<void> {
  const logger = createLogger('measure', 'silent');
  const db = await connectMongo(uniqueDbUrl('gems-measure'), logger);
  const bus = await EventBus.connect({ url: env().AMQP_URL, serviceName: `measure-${randomUUID().slice(0, 8)}`, logger });
  try {
    let outbox: Outbox<unknown> | undefined;
    const balances = balanceRepository(db, (model) => {
      const created = createOutbox({ model, bus, logger });
      outbox = created as Outbox<unknown>;
      return created;
    });
    await balances.init();
    wrap(balances, 'find', 'read');
    wrap(balances, 'commit', 'guarded write');
    wrap(bus, 'publish', 'relay publish');
    wrap(balances.model.collection, 'updateOne', 'collection.updateOne (pull)');
    const relay = outbox!;
    wrap(relay, 'flush', 'relay flush');
    const email = `measure-${randomUUID().slice(0, 8)}@kidslearn.test`;
    const started = performance.now();
    for (let i = 0; i < n; i += 1) {
      await timed('credit total', async () => {
        await creditAttempt(balances, randomUUID(), { attemptId: randomUUID(), lessonId: `lesson-${i}`, email, reward: 2 });
        await relay.flush();
      });
    }
    const seconds = (performance.now() - started) / 1000;
    const doc = await balances.find(email);
    console.log(`${n} credits in ${seconds.toFixed(1)} s = ${(n / seconds).toFixed(1)} events/s; gems ${doc?.gems}`);
    for (const [name, list] of timings) {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
      const first = list.slice(0, 20).reduce((s, v) => s + v, 0) / Math.min(20, list.length);
      const last = list.slice(-20).reduce((s, v) => s + v, 0) / Math.min(20, list.length);
      console.log(`${name.padEnd(30)} calls ${String(list.length).padStart(5)}  p50 ${at(50)} ms  p99 ${at(99)} ms  first20 ${first.toFixed(1)}  last20 ${last.toFixed(1)}`);
    }
    await relay.stop();
  } finally {
    await bus.close();
    await db.dropDatabase().catch(() => undefined);
    await db.close();
  }
}

if (require.main === module) void measureCredit(Number(process.argv[2] ?? 200)).then(() => process.exit(0));
