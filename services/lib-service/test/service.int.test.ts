// The one service skeleton (createService / runService's core) against the real local infrastructure: its
// readiness comes from the real checks, a write and its event go out through the outbox to a typed handler, and
// start and stop run the service's parts in order.
import amqp from 'amqplib';
import mongoose, { Schema } from 'mongoose';
import { commonConfigSchema, createLogger } from '@kidslearn/lib-core';
import { createEvent, topologyFor } from '@kidslearn/lib-events';
import { outboxFields } from '@kidslearn/lib-mongo';
import { env, eventually, randomSuffix, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { createService } from '../src';

const serviceName = `skeleton-test-${randomSuffix()}`;
const mongoUrl = uniqueDbUrl('skeleton');
const config = commonConfigSchema.parse({ ...env(), SERVICE_NAME: serviceName, MONGO_URL: mongoUrl, PORT: '0', LOG_LEVEL: 'silent' });

afterAll(async () => {
  const db = await mongoose.createConnection(mongoUrl).asPromise();
  await db.dropDatabase().catch(() => undefined);
  await db.close();
  const conn = await amqp.connect(env().AMQP_URL);
  const ch = await conn.createChannel();
  const t = topologyFor(serviceName);
  for (const queue of [t.queue, t.dlq]) await ch.deleteQueue(queue).catch(() => undefined);
  await conn.close();
});

it('when a service is built, started and stopped, then it is ready from the real checks, its write reaches its handler through the outbox, and its parts start and stop in order', async () => {
  const steps: string[] = [];
  const received: string[] = [];
  const service = await createService(config, createLogger(serviceName, 'silent'), {
    wire({ db, app, outbox, handle, onStart, onStop }) {
      const notes = outbox(db.model('Note', new Schema({ text: String, ...outboxFields })));
      app.post('/notes', async (_req, res) => {
        await notes.insert({ text: 'hello' }, [createEvent('lesson.announcement.requested', { service: serviceName })]);
        res.status(201).json({ ok: true });
      });
      handle({ 'lesson.announcement.requested': async (event) => void received.push(event.data.service) });
      onStart(() => void steps.push('start a'));
      onStart(() => void steps.push('start b'));
      onStop(() => void steps.push('stop a'));
      onStop(() => void steps.push('stop b'));
      return { extra: () => 'handed out' };
    },
  });
  expect(service.extra()).toBe('handed out');
  const url = await service.start();
  expect(steps).toEqual(['start a', 'start b']);

  const ready = await fetch(`${url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ checks: { mongo: 'ok', redis: 'ok', rabbitmq: 'ok' } });
  expect((await fetch(`${url}/notes`, { method: 'POST' })).status).toBe(201);
  await eventually(() => received.includes(serviceName));

  await service.stop();
  expect(steps).toEqual(['start a', 'start b', 'stop b', 'stop a']);
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
}, 60_000);
