import { createLogger } from '@kidslearn/lib-core';
import { startPrivateBroker, type PrivateBroker } from '@kidslearn/infra-local';
import { eventually, randomSuffix } from '@kidslearn/lib-testkit';
import { EventBus, createEnvelope } from '../src';

// Takes its broker down: on a private node, so that the tests and the portal sharing the runner's node
// are not cut off meanwhile.
jest.setTimeout(180_000);

const logger = createLogger('event-bus-restart-test', process.env.TEST_LOG_LEVEL ?? 'silent');
let broker: PrivateBroker;
let bus: EventBus | undefined;

beforeAll(async () => {
  broker = await startPrivateBroker();
});
afterAll(async () => {
  await bus?.close();
  await broker?.dispose();
});

it('when RabbitMQ restarts, then publishing and consuming resume and nothing is lost', async () => {
  const type = `test.restart.${randomSuffix()}`;
  bus = await EventBus.connect({ url: broker.url, serviceName: `kit-${randomSuffix()}`, logger, retryDelaysMs: [100, 200] });
  const received = new Set<string>();
  await bus.subscribe(type, (event) => void received.add(event.id));

  const before = [1, 2, 3].map((n) => createEnvelope(type, { n }));
  for (const e of before) await bus.publish(e);
  await eventually(() => received.size === 3);

  await broker.stopApp();
  // Published while the broker is down: publish() keeps trying until a confirm arrives.
  const during = [4, 5].map((n) => createEnvelope(type, { n }));
  const publishingDuring = Promise.all(during.map((e) => bus!.publish(e)));
  // The bus notices the broker is gone (check() fails, as /readyz would).
  expect(await eventually(() => bus!.check().then(() => false, () => 'down' as const))).toBe('down');
  await broker.startApp();
  await publishingDuring;
  const after = [6, 7, 8].map((n) => createEnvelope(type, { n }));
  for (const e of after) await bus.publish(e);

  await eventually(() => received.size === 8, { timeoutMs: 30_000 });
  expect([...received].sort()).toEqual([...before, ...during, ...after].map((e) => e.id).sort());
});
