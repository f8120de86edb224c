import amqp from 'amqplib';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createLogger } from '@kidslearn/lib-core';
import { env, eventually, randomSuffix } from '@kidslearn/lib-testkit';
import { EventBus, createEnvelope, listDeadLetters } from '../src';
import type { EventEnvelope } from '../src';

const logger = createLogger('dlq-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const run = promisify(execFile);
let bus: EventBus | undefined;

afterAll(async () => {
  await bus?.close();
  if (!bus) return;
  const conn = await amqp.connect(env().AMQP_URL);
  const ch = await conn.createChannel();
  for (const q of [bus.queues.queue, bus.queues.dlq, bus.queues.retryQueue(100)]) await ch.deleteQueue(q);
  await conn.close();
});

describe('npm run events -- dlq list|replay', () => {
  it('when an outage dead-lettered an event, then list shows it and replay delivers it to the recovered handler', async () => {
    const service = `kit-dlq-${randomSuffix()}`;
    const type = `test.dlq.${randomSuffix()}`;
    bus = await EventBus.connect({ url: env().AMQP_URL, serviceName: service, logger, retryDelaysMs: [100], maxAttempts: 2 });
    let databaseUp = false;
    const settled: EventEnvelope[] = [];
    await bus.subscribe(type, (event) => {
      if (!databaseUp) throw new Error('database unavailable');
      settled.push(event);
    });
    const event = createEnvelope(type, { credit: 3 });
    await bus.publish(event);
    await eventually(async () => (await listDeadLetters(env().AMQP_URL, service)).length === 1, { timeoutMs: 15_000 });

    const cli = ['tsx', 'services/lib-events/src/cli.ts', 'dlq'];
    const listed = await run('npx', [...cli, 'list', service], { env: { ...process.env, AMQP_URL: env().AMQP_URL } });
    expect(listed.stdout).toContain(`1 dead-lettered event(s) for ${service}`);
    expect(listed.stdout).toContain('database unavailable');

    databaseUp = true;
    const replayed = await run('npx', [...cli, 'replay', service], { env: { ...process.env, AMQP_URL: env().AMQP_URL } });
    expect(replayed.stdout).toContain('replayed 1 event(s)');
    await eventually(() => settled.length === 1);
    expect(settled[0]).toEqual(event);
    expect(await listDeadLetters(env().AMQP_URL, service)).toEqual([]);
  });
});
