// The outbox write API (createOutbox): a write and its events in one document, handed to the relay at once, which
// publishes them to the run's RabbitMQ; the assertions read what the broker delivered (broker.ts).
import { Schema, type Connection, type Model } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { eventually, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { connectMongo, createOutbox, outboxFields, type Outbox } from '../src';
import { closedBus, connectRelayBroker, type RelayBroker } from './broker';

const logger = createLogger('outbox-test', process.env.TEST_LOG_LEVEL ?? 'silent');

interface Account {
  email: string;
  gems: number;
  outbox: EventEnvelope[];
}
const schema = new Schema<Account>({ email: { type: String, required: true, unique: true }, gems: { type: Number, default: 0 }, ...outboxFields }, { versionKey: false });

let conn: Connection;
let accounts: Model<Account>;
let outbox: Outbox<Account>;
let broker: RelayBroker;

beforeAll(async () => {
  conn = await connectMongo(uniqueDbUrl('lib-mongo-outbox'), logger);
  accounts = conn.model<Account>('Account', schema);
  await accounts.init();
  broker = await connectRelayBroker('outbox');
  outbox = createOutbox({ model: accounts, logger, bus: broker.bus });
});
afterAll(async () => {
  await outbox.stop();
  await broker.close();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
});

const emptied = (email: string) => eventually(async () => (await accounts.findOne({ email }).lean().exec())?.outbox.length === 0);
const event = () => broker.event({ n: Math.random() });

it('when a document is inserted with events, then they are published and its outbox is emptied', async () => {
  const created = event();
  const doc = await outbox.insert({ email: 'insert@kidslearn.test', gems: 1 }, [created]);
  expect(doc).toMatchObject({ email: 'insert@kidslearn.test', gems: 1 });
  await broker.waitFor(created);
  await emptied('insert@kidslearn.test');
  expect((await broker.settled()).filter((id) => id === created.id)).toHaveLength(1);
});

it('when an update pins _id, then it is written with its events; a failed guard writes nothing and publishes nothing', async () => {
  const { _id } = await accounts.create({ email: 'byid@kidslearn.test', gems: 3 });
  const debited = event();
  expect(await outbox.update({ _id, gems: { $gte: 2 } }, { $inc: { gems: -2 } }, [debited])).toEqual({ written: true, created: false, id: _id });
  const refused = event();
  expect(await outbox.update({ _id, gems: { $gte: 2 } }, { $inc: { gems: -2 } }, [refused])).toEqual({ written: false, created: false });
  await broker.waitFor(debited);
  await emptied('byid@kidslearn.test');
  expect(await broker.settled()).not.toContain(refused.id);
  expect((await accounts.findById(_id).lean().exec())?.gems).toBe(1);
});

it('when an update finds its document by another field, then the id is learned from the write and an upsert says it created', async () => {
  const first = event();
  const created = await outbox.update({ email: 'byemail@kidslearn.test' }, { $set: { gems: 5 } }, [first], { upsert: true });
  expect(created).toMatchObject({ written: true, created: true });
  const second = event();
  const updated = await outbox.update({ email: 'byemail@kidslearn.test' }, { $inc: { gems: 1 } }, [second], { upsert: true });
  expect(updated).toEqual({ written: true, created: false, id: created.id });
  await broker.waitFor(first, second);
  await emptied('byemail@kidslearn.test');
});

it('when findOneAndUpdate writes with events, then it answers the document after the write', async () => {
  await accounts.create({ email: 'fam@kidslearn.test', gems: 1 });
  const raised = event();
  const doc = await outbox.findOneAndUpdate({ email: 'fam@kidslearn.test' }, { $inc: { gems: 4 } }, [raised]);
  expect(doc).toMatchObject({ email: 'fam@kidslearn.test', gems: 5 });
  await broker.waitFor(raised);
});

it("when a writer died before publishing, then another instance's outbox publishes the events at its start", async () => {
  const stranded = event();
  // Its connection gone, the writer's hand-over fails: the event stays in the document.
  const dead = createOutbox({ model: accounts, logger, bus: await closedBus() });
  await dead.insert({ email: 'stranded@kidslearn.test' }, [stranded]);
  expect((await accounts.findOne({ email: 'stranded@kidslearn.test' }).lean().exec())?.outbox.map((e) => e.id)).toEqual([stranded.id]);
  const next = createOutbox({ model: accounts, logger, bus: broker.bus });
  next.start();
  await broker.waitFor(stranded);
  await emptied('stranded@kidslearn.test');
  await next.stop();
});
