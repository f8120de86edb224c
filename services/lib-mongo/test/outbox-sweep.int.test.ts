import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { eventually, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { connectMongo, outboxFields } from '../src';
import { createOutboxRelay } from '../src/outbox-relay';
import { withOutbox } from '../src/update-merge';
import { connectRelayBroker, type RelayBroker } from './broker';

// The relay's safety-net sweep: finds documents by an indexed pending flag, drains everything pending in
// batches, and lets events handed over by writers go out while a long drain is still running. It publishes to
// the run's RabbitMQ; what was published is read from a queue (broker.ts).
const logger = createLogger('outbox-sweep-test', process.env.TEST_LOG_LEVEL ?? 'silent');

interface Item {
  n: number;
  outbox: EventEnvelope[];
}
const schema = new Schema<Item>({ n: { type: Number, required: true }, ...outboxFields }, { versionKey: false });

let conn: Connection;
let items: Model<Item>;
let broker: RelayBroker;

beforeAll(async () => {
  conn = await connectMongo(uniqueDbUrl('outbox-sweep'), logger);
  items = conn.model<Item>('Item', schema);
  await items.init();
  broker = await connectRelayBroker('outbox-sweep');
});
afterAll(async () => {
  await broker.close();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
});
beforeEach(async () => {
  await items.deleteMany({});
});

/** What the broker delivered since `before` (the length of delivered() then). */
const deliveredSince = async (before: number): Promise<string[]> => (await broker.settled()).slice(before);

/** `count` documents, each with one event in its outbox, written as services write them (no kick). */
async function pending(count: number): Promise<EventEnvelope[]> {
  const events = Array.from({ length: count }, (_, n) => broker.event({ n }));
  await items.insertMany(events.map((_, n) => ({ n })));
  for (const [n, event] of events.entries()) await items.updateOne({ n }, withOutbox({ $set: { n } }, event)).exec();
  return events;
}

it('when events are written with withOutbox, then the document carries an indexed pending flag that the relay clears once they are out', async () => {
  const [event] = await pending(1);
  expect(await items.findOne({ n: 0 }).lean().exec()).toMatchObject({ outboxPending: true });
  const indexes = await items.collection.indexes();
  expect(indexes.some((index) => Object.keys(index.key).join() === 'outboxPending')).toBe(true);

  const before = broker.delivered().length;
  const relay = createOutboxRelay({ model: items, logger, bus: broker.bus });
  expect(await relay.flush()).toBe(1);
  expect(await deliveredSince(before)).toEqual([event!.id]);
  expect(await items.findOne({ n: 0 }).lean().exec()).toMatchObject({ outbox: [], outboxPending: false });
  await relay.stop();
});

it('when more documents are pending than one batch holds, then one sweep drains them all, batch by batch', async () => {
  const before = broker.delivered().length;
  const relay = createOutboxRelay({ model: items, logger, batchSize: 10, bus: broker.bus });
  const events = await pending(45);
  const find = jest.spyOn(items, 'find');
  expect(await relay.flush()).toBe(45);
  expect((await deliveredSince(before)).sort()).toEqual(events.map((e) => e.id).sort());
  expect(await items.countDocuments({ outboxPending: true })).toBe(0);
  // Sweeps select by the flag alone (an indexed equality).
  expect(find.mock.calls.map((call: unknown[]) => call[0])).toEqual(Array(5).fill({ outboxPending: true }));
  find.mockRestore();
  await relay.stop();
});

it('when a writer hands over an event during a long drain, then it is published without waiting for the drain to end', async () => {
  await pending(100);
  const before = broker.delivered().length;
  const relay = createOutboxRelay({ model: items, logger, batchSize: 100, bus: broker.bus });
  const draining = relay.flush();
  await eventually(() => broker.delivered().length - before >= 5, { timeoutMs: 5000, intervalMs: 5 });
  const fresh = broker.event({ fresh: true });
  const [doc] = await items.insertMany([{ n: 1000, outbox: [fresh], outboxPending: true }]);
  relay.kick(doc!._id, [fresh]);
  await draining;
  const delivered = await deliveredSince(before);
  // Handed over with most of the 100 swept events still to go: it went out long before the drain ended.
  expect(delivered).toHaveLength(101);
  expect(delivered.indexOf(fresh.id)).toBeGreaterThan(0);
  expect(delivered.indexOf(fresh.id)).toBeLessThan(50);
  await relay.stop();
});

it("when a writer's kick arrives after a pass already published its event from the document, then the event goes out once", async () => {
  await items.create({ n: 1 });
  const first = broker.event({ n: 1 });
  const second = broker.event({ n: 2 });
  const before = broker.delivered().length;
  const handle: { relay?: ReturnType<typeof createOutboxRelay> } = {};
  const bus = {
    publish: async (event: EventEnvelope) => {
      await broker.bus.publish(event);
      if (event.id !== first.id) return;
      // Right after the broker confirmed the first event, a writer stores the second and hands it over: the pass
      // under way reads the document next and publishes the second from there, before the kick is served.
      await items.updateOne({ n: 1 }, withOutbox({ $set: { n: 1 } }, second)).exec();
      handle.relay!.kick(doc._id, [second]);
    },
  };
  const relay = createOutboxRelay({ model: items, logger, bus });
  handle.relay = relay;
  await items.updateOne({ n: 1 }, withOutbox({ $set: { n: 1 } }, first)).exec();
  const doc = (await items.findOne({ n: 1 }).lean().exec())!;
  await relay.flush(doc._id, [first]);
  await eventually(async () => (await items.findOne({ n: 1 }).lean().exec())?.outbox.length === 0);
  await relay.flush();
  expect(await deliveredSince(before)).toEqual([first.id, second.id]);
  await relay.stop();
});

it('when two instances write events into one document before either clears it, then each event goes out once and the outbox ends empty, unflagged', async () => {
  await items.create({ n: 7 });
  const doc = (await items.findOne({ n: 7 }).lean().exec())!;
  // Two instances' relays; neither clears on its own timer (a long delay), so both clears meet a shared outbox.
  const one = createOutboxRelay({ model: items, logger, bus: broker.bus, clearDelayMs: 60_000 });
  const two = createOutboxRelay({ model: items, logger, bus: broker.bus, clearDelayMs: 60_000 });
  const first = broker.event({ by: 1 });
  const second = broker.event({ by: 2 });
  const before = broker.delivered().length;
  await items.updateOne({ _id: doc._id }, withOutbox({ $set: { n: 7 } }, first)).exec();
  await one.flush(doc._id, [first]);
  await items.updateOne({ _id: doc._id }, withOutbox({ $set: { n: 7 } }, second)).exec();
  await two.flush(doc._id, [second]);
  const find = jest.spyOn(items, 'find');
  // The first instance's clear finds the second's event in the outbox too: it removes only its own.
  await one.stop();
  expect(await items.findOne({ _id: doc._id }).lean().exec()).toMatchObject({ outbox: [second], outboxPending: true });
  await two.stop();
  expect(await items.findOne({ _id: doc._id }).lean().exec()).toMatchObject({ outbox: [], outboxPending: false });
  // Only the first clear read the document (its guard failed); the second's guard held. Nothing went out twice.
  expect(find).toHaveBeenCalledTimes(1);
  find.mockRestore();
  expect(await deliveredSince(before)).toEqual([first.id, second.id]);
});

it("when a timed sweep finds an event younger than the grace, then it leaves it to its writer, and publishes it once overdue (the writer died)", async () => {
  const relay = createOutboxRelay({ model: items, logger, bus: broker.bus, idleIntervalMs: 200, sweepGraceMs: 1500 });
  relay.start();
  await relay.flush(); // the start's sweep (everything) is behind: the timed ones from now on take only what is overdue
  const before = broker.delivered().length;
  const [event] = await pending(1);
  const written = Date.now();
  // Several timed sweeps run while it is young: none publishes it (its writer, alive, would be sending it too).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(broker.delivered().slice(before)).toEqual([]);
  expect(await items.findOne({ n: 0 }).lean().exec()).toMatchObject({ outboxPending: true });
  // Nobody publishes it: once older than the grace, a timed sweep does, once.
  await broker.waitFor(event!);
  expect(Date.now() - written).toBeGreaterThanOrEqual(1500);
  await eventually(async () => (await items.findOne({ n: 0 }).lean<{ outboxPending: boolean }>().exec())?.outboxPending === false);
  expect(await deliveredSince(before)).toEqual([event!.id]);
  await relay.stop();
});
