import amqp from 'amqplib';
import mongoose, { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, createEnvelope as createEvent } from '@kidslearn/lib-events';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { env, eventually, randomSuffix, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { applyOnce, connectMongo, isDuplicateKeyError, mongoReady, outboxFields } from '../src';
import { createOutboxRelay } from '../src/outbox-relay';
import { withOutbox } from '../src/update-merge';
import { connectRelayBroker, type RelayBroker } from './broker';

const logger = createLogger('mongo-test', process.env.TEST_LOG_LEVEL ?? 'silent');

interface Account {
  email: string;
  gems: number;
  outbox: EventEnvelope[];
  processedEventIds: string[];
}

const accountSchema = new Schema<Account>({ email: { type: String, required: true, unique: true }, gems: { type: Number, default: 0 }, ...outboxFields }, { versionKey: false });

let conn: Connection;
let bus: EventBus | undefined;
// The relay tests publish to the run's RabbitMQ and read what it delivered (broker.ts).
let broker: RelayBroker;

beforeAll(async () => {
  conn = await connectMongo(uniqueDbUrl('lib-mongo'), logger);
  broker = await connectRelayBroker('lib-mongo');
});
afterAll(async () => {
  await broker.close();
  if (bus) {
    const { queue, dlq, retryQueue } = bus.queues;
    const conn2 = await amqp.connect(env().AMQP_URL);
    const ch = await conn2.createChannel();
    for (const q of [queue, dlq, retryQueue(100)]) await ch.deleteQueue(q);
    await conn2.close();
  }
  await bus?.close();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
});

/** What the broker delivered since `before` (the length of delivered() then). */
const deliveredSince = async (before: number): Promise<string[]> => (await broker.settled()).slice(before);
const model = (): Model<Account> => (conn.models.Account as Model<Account> | undefined) ?? conn.model<Account>('Account', accountSchema);

describe('mongoose on the local database (FerretDB behind the atomic-writes wrapper)', () => {
  it('when a document is created, then it can be read back and readiness passes', async () => {
    const accounts = model();
    await accounts.init();
    await accounts.create({ email: 'read@kidslearn.test', gems: 3 });
    const found = await accounts.findOne({ email: 'read@kidslearn.test' }).lean().exec();
    expect(found).toMatchObject({ email: 'read@kidslearn.test', gems: 3, outbox: [], processedEventIds: [] });
    await expect(mongoReady(conn)()).resolves.toBeUndefined();
  });

  it('when the database is connected, then queries keep no stack trace of their own (formatting one cost CPU on every query)', () => {
    expect(mongoose.get('skipOriginalStackTraces')).toBe(true);
  });

  it('when a duplicate of a unique field is inserted, then it is rejected with a duplicate-key error', async () => {
    const accounts = model();
    await accounts.init();
    await accounts.create({ email: 'dup@kidslearn.test' });
    const err = await accounts.create({ email: 'dup@kidslearn.test' }).catch((e: unknown) => e);
    expect(isDuplicateKeyError(err)).toBe(true);
  });

  it('when a collection is created, then lookups by id use an index within seconds (local wrapper)', async () => {
    const collection = conn.collection(`lookup_${randomSuffix()}`);
    // Enough rows that SQLite's planner prefers an index to a scan.
    await collection.insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: `doc-${i}` as never, pad: 'x'.repeat(200) })));
    const plan = async () => JSON.stringify(((await collection.find({ _id: 'doc-299' as never }).explain()) as { queryPlanner?: unknown }).queryPlanner);
    let writes = 0;
    await eventually(
      async () => {
        // A FerretDB connection picks up a schema change with its next write.
        await collection.insertOne({ _id: `write-${(writes += 1)}` as never });
        return (await plan()).includes('USING INDEX');
      },
      { timeoutMs: 15_000, intervalMs: 500 },
    );
    expect(await plan()).toMatch(/SEARCH .* USING INDEX/);
  });

  it('when 50 callers race a guarded findOneAndUpdate, then it applies exactly as often as the guard allows', async () => {
    const accounts = model();
    const { _id } = await accounts.create({ email: `race-${randomSuffix()}@kidslearn.test`, gems: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => accounts.findOneAndUpdate({ _id, gems: { $gte: 1 } }, { $inc: { gems: -1 } }, { new: true }).lean().exec()),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect((await accounts.findById(_id).lean().exec())?.gems).toBe(0);
  });

  it('when 50 callers race a guarded updateOne by id, then it applies exactly as often as the guard allows', async () => {
    const accounts = model();
    const { _id } = await accounts.create({ email: `race-one-${randomSuffix()}@kidslearn.test`, gems: 10 });
    const results = await Promise.all(Array.from({ length: 50 }, () => accounts.updateOne({ _id, gems: { $gte: 1 } }, { $inc: { gems: -1 } }).exec()));
    expect(results.filter((result) => result.modifiedCount === 1)).toHaveLength(10);
    expect(results.filter((result) => result.matchedCount === 0)).toHaveLength(40);
    expect((await accounts.findById(_id).lean().exec())?.gems).toBe(0);
  });

  it('when the same event is applied twice (even concurrently), then the change happens once', async () => {
    const accounts = model();
    const email = `once-${randomSuffix()}@kidslearn.test`;
    await accounts.create({ email });
    const eventId = createEvent('quiz.attempt.scored', {}).id;
    const applied = await Promise.all(Array.from({ length: 5 }, () => applyOnce(accounts, { email }, eventId, { $inc: { gems: 2 } })));
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await applyOnce(accounts, { email }, eventId, { $inc: { gems: 2 } })).toBe(false);
    const doc = await accounts.findOne({ email }).lean().exec();
    expect(doc).toMatchObject({ gems: 2, processedEventIds: [eventId] });
  });

  it('when applyOnce upserts, then the first event creates the document and a replay changes nothing', async () => {
    const accounts = model();
    await accounts.init();
    const email = `upsert-${randomSuffix()}@kidslearn.test`;
    const eventId = createEvent('gems.balance.changed', {}).id;
    expect(await applyOnce(accounts, { email }, eventId, { $inc: { gems: 5 } }, { upsert: true })).toBe(true);
    expect(await applyOnce(accounts, { email }, eventId, { $inc: { gems: 5 } }, { upsert: true })).toBe(false);
    expect((await accounts.findOne({ email }).lean().exec())?.gems).toBe(5);
  });

  it('when applyOnce carries a guard, then an event that fails the guard changes nothing', async () => {
    const accounts = model();
    const email = `guard-${randomSuffix()}@kidslearn.test`;
    await accounts.create({ email, gems: 1 });
    const debit = createEvent('redemption.requested', { cost: 3 });
    expect(await applyOnce(accounts, { email, gems: { $gte: 3 } }, debit.id, { $inc: { gems: -3 } })).toBe(false);
    expect(await accounts.findOne({ email }).lean().exec()).toMatchObject({ gems: 1, processedEventIds: [] });
  });

  it('when the publisher fails, then the events stay in the outbox and a later flush publishes and removes them', async () => {
    const accounts = model();
    const email = `outbox-${randomSuffix()}@kidslearn.test`;
    const events = [broker.event({ n: 1 }), broker.event({ n: 2 })];
    await accounts.create({ email });
    await accounts.updateOne({ email }, withOutbox({ $inc: { gems: 1 } }, ...events)).exec();
    const before = broker.delivered().length;
    const connection = await broker.connection({ up: false });
    const relay = createOutboxRelay({ model: accounts, logger, bus: connection });
    await expect(relay.flush()).rejects.toThrow('event bus is closed');
    expect((await accounts.findOne({ email }).lean().exec())?.outbox).toHaveLength(2);
    connection.reconnect();
    await relay.flush();
    expect(await deliveredSince(before)).toEqual(events.map((e) => e.id));
    expect((await accounts.findOne({ email }).lean().exec())?.outbox).toEqual([]);
    await relay.stop();
  });

  it('when flushed with a document id, then only the events of that document are published, in order, and removed', async () => {
    const accounts = model();
    const [mine, other] = [`kick-${randomSuffix()}@kidslearn.test`, `kick-${randomSuffix()}@kidslearn.test`];
    const events = [broker.event({ n: 1 }), broker.event({ n: 2 })];
    const others = broker.event({ n: 3 });
    const [doc] = await accounts.create([{ email: mine }, { email: other }]);
    await accounts.updateOne({ email: mine }, withOutbox({ $inc: { gems: 1 } }, ...events)).exec();
    await accounts.updateOne({ email: other }, withOutbox({ $inc: { gems: 1 } }, others)).exec();
    const before = broker.delivered().length;
    const relay = createOutboxRelay({ model: accounts, logger, bus: broker.bus });
    expect(await relay.flush(doc!._id)).toBe(2);
    expect(await deliveredSince(before)).toEqual(events.map((e) => e.id));
    expect((await accounts.findOne({ email: mine }).lean().exec())?.outbox).toEqual([]);
    expect((await accounts.findOne({ email: other }).lean().exec())?.outbox).toHaveLength(1);
    await relay.flush();
    expect((await accounts.findOne({ email: other }).lean().exec())?.outbox).toEqual([]);
    expect(await deliveredSince(before)).toEqual([...events, others].map((e) => e.id));
    await relay.stop();
  });

  it('when the writer hands its events over, then they are published once, before the read back, and removed', async () => {
    const accounts = model();
    const email = `handed-${randomSuffix()}@kidslearn.test`;
    const event = broker.event({ n: 1 });
    const doc = await accounts.create({ email });
    await accounts.updateOne({ email }, withOutbox({ $inc: { gems: 1 } }, event)).exec();
    const before = broker.delivered().length;
    const relay = createOutboxRelay({ model: accounts, logger, bus: broker.bus });
    expect(await relay.flush(doc._id, [event])).toBe(1);
    expect(await deliveredSince(before)).toEqual([event.id]);
    await eventually(async () => (await accounts.findOne({ email }).lean().exec())?.outbox.length === 0);
    await relay.stop();
  });

  it('when the outbox holds exactly the events handed over, then they are removed without reading the document', async () => {
    const accounts = model();
    const email = `exact-${randomSuffix()}@kidslearn.test`;
    const events = [broker.event({ n: 1 }), broker.event({ n: 2 })];
    const doc = await accounts.create({ email });
    await accounts.updateOne({ email }, withOutbox({ $inc: { gems: 1 } }, ...events)).exec();
    const before = broker.delivered().length;
    const reads = jest.spyOn(accounts, 'find');
    const relay = createOutboxRelay({ model: accounts, logger, bus: broker.bus });
    try {
      expect(await relay.flush(doc._id, events)).toBe(2);
      expect(await deliveredSince(before)).toEqual(events.map((e) => e.id));
      const stored = await eventually(async () => {
        const found = await accounts.findOne({ email }).lean<Account & { outboxPending: boolean }>().exec();
        return found?.outboxPending === false ? found : null;
      });
      expect(stored?.outbox ?? []).toEqual([]);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
      await relay.stop();
    }
  });

  it('when several writers hand events over within the clear delay, then they go out at once and one bulk write empties every outbox', async () => {
    const accounts = model();
    const emails = [1, 2, 3].map((n) => `batch-${n}-${randomSuffix()}@kidslearn.test`);
    const docs = await accounts.create(emails.map((email) => ({ email })));
    const events = emails.map((_, n) => broker.event({ n }));
    for (const [n, email] of emails.entries()) await accounts.updateOne({ email }, withOutbox({ $inc: { gems: 1 } }, events[n]!)).exec();
    const before = broker.delivered().length;
    const bulk = jest.spyOn(accounts.collection, 'bulkWrite');
    const relay = createOutboxRelay({ model: accounts, logger, bus: broker.bus, clearDelayMs: 300 });
    try {
      for (const [n, doc] of docs.entries()) await relay.flush(doc._id, [events[n]!]);
      // Published one by one as handed over, none removed yet.
      expect(await deliveredSince(before)).toEqual(events.map((e) => e.id));
      expect(bulk).not.toHaveBeenCalled();
      await eventually(async () => (await accounts.countDocuments({ email: { $in: emails }, outboxPending: false })) === emails.length);
      expect(bulk).toHaveBeenCalledTimes(1);
      expect(bulk.mock.calls[0]![0]).toHaveLength(3);
      const stored = await accounts.find({ email: { $in: emails } }).lean().exec();
      expect(stored.map((doc) => doc.outbox)).toEqual([[], [], []]);
    } finally {
      bulk.mockRestore();
      await relay.stop();
    }
  });

  it('when the outbox also holds an event a writer left unpublished (it died), then the clear removes only the handed-over one and the sweep publishes the other', async () => {
    const accounts = model();
    const email = `more-${randomSuffix()}@kidslearn.test`;
    const [left, handed] = [broker.event({ n: 0 }), broker.event({ n: 1 })];
    const doc = await accounts.create({ email });
    for (const event of [left, handed]) await accounts.updateOne({ email }, withOutbox({ $inc: { gems: 1 } }, event)).exec();
    const before = broker.delivered().length;
    const relay = createOutboxRelay({ model: accounts, logger, bus: broker.bus });
    try {
      await relay.flush(doc._id, [handed]);
      // The handed-over event goes out at once and leaves the outbox; the other stays, flagged for the sweep.
      const stored = await eventually(async () => {
        const found = await accounts.findOne({ email }).lean<Account & { outboxPending: boolean }>().exec();
        return found?.outbox.length === 1 ? found : null;
      });
      expect(stored).toMatchObject({ outbox: [left], outboxPending: true });
      expect(await deliveredSince(before)).toEqual([handed.id]);
      expect(await relay.flush()).toBe(1);
      expect(await accounts.findOne({ email }).lean().exec()).toMatchObject({ outbox: [], outboxPending: false });
      expect((await deliveredSince(before)).sort()).toEqual([left.id, handed.id].sort());
    } finally {
      await relay.stop();
    }
  });

  it('when a kick fails while the broker is down, then a sweep retries soon, not only at the idle interval', async () => {
    const accounts = model();
    const email = `retry-${randomSuffix()}@kidslearn.test`;
    const event = broker.event({ n: 1 });
    const doc = await accounts.create({ email });
    const connection = await broker.connection();
    const relay = createOutboxRelay({ model: accounts, logger, bus: connection, intervalMs: 100, idleIntervalMs: 600_000 });
    relay.start();
    // The first sweep went well: the next one is an idle interval away.
    await eventually(() => relay.flush().then(() => true));
    connection.lose();
    await accounts.updateOne({ email }, withOutbox({ $inc: { gems: 1 } }, event)).exec();
    relay.kick(doc._id, [event]);
    await eventually(() => connection.refused() > 0);
    connection.reconnect();
    await eventually(() => broker.delivered().includes(event.id), { timeoutMs: 5000 });
    await eventually(async () => ((await accounts.findOne({ email }).lean().exec())?.outbox ?? []).length === 0, { timeoutMs: 5000 });
    await relay.stop();
  });

  it('when the relay runs with the real bus and an event is delivered twice, then the consumer applies it once', async () => {
    const accounts = model();
    const service = `kit-mongo-${randomSuffix()}`;
    const type = `test.credit.${randomSuffix()}`;
    bus = await EventBus.connect({ url: env().AMQP_URL, serviceName: service, logger, retryDelaysMs: [100] });
    const email = `relay-${randomSuffix()}@kidslearn.test`;
    await accounts.create({ email });
    const deliveries: string[] = [];
    await bus.subscribe(type, async (event) => {
      deliveries.push(event.id);
      await applyOnce(accounts, { email }, event.id, { $inc: { gems: 2 } });
    });

    const event = createEvent(type, { email, reward: 2 });
    // The producer's change and its event: one single-document write.
    await accounts.updateOne({ email }, withOutbox({ $set: { email } }, event)).exec();
    const relay = createOutboxRelay({ model: accounts, bus, logger, intervalMs: 200 });
    relay.start();
    await eventually(() => deliveries.length === 1);
    await bus.publish(event); // a redelivery of the same event (e.g. relay crashed before $pull)
    await eventually(() => deliveries.length === 2);
    await relay.stop();

    const doc = await accounts.findOne({ email }).lean().exec();
    expect(doc).toMatchObject({ gems: 2, outbox: [], processedEventIds: [event.id] });
  });
});
