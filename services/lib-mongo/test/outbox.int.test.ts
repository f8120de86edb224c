// The outbox write API (createOutbox): a write and its events in one document, handed to the relay at once.
import { Schema, type Connection, type Model } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { createEnvelope, type EventEnvelope } from '@kidslearn/lib-events';
import { eventually, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { connectMongo, createOutbox, outboxFields, type Outbox } from '../src';

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
const published: string[] = [];

beforeAll(async () => {
  conn = await connectMongo(uniqueDbUrl('lib-mongo-outbox'), logger);
  accounts = conn.model<Account>('Account', schema);
  await accounts.init();
  outbox = createOutbox({ model: accounts, logger, bus: { publish: async (event) => void published.push(event.id) } });
});
afterAll(async () => {
  await outbox.stop();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
});

const emptied = (email: string) => eventually(async () => (await accounts.findOne({ email }).lean().exec())?.outbox.length === 0);
const event = () => createEnvelope('test.outbox', { n: Math.random() });

it('when a document is inserted with events, then they are published and its outbox is emptied', async () => {
  const created = event();
  const doc = await outbox.insert({ email: 'insert@kidslearn.test', gems: 1 }, [created]);
  expect(doc).toMatchObject({ email: 'insert@kidslearn.test', gems: 1 });
  await eventually(() => published.includes(created.id));
  await emptied('insert@kidslearn.test');
});

it('when an update pins _id, then it is written with its events; a failed guard writes nothing and publishes nothing', async () => {
  const { _id } = await accounts.create({ email: 'byid@kidslearn.test', gems: 3 });
  const debited = event();
  expect(await outbox.update({ _id, gems: { $gte: 2 } }, { $inc: { gems: -2 } }, [debited])).toEqual({ written: true, created: false, id: _id });
  const refused = event();
  expect(await outbox.update({ _id, gems: { $gte: 2 } }, { $inc: { gems: -2 } }, [refused])).toEqual({ written: false, created: false });
  await eventually(() => published.includes(debited.id));
  await emptied('byid@kidslearn.test');
  expect(published).not.toContain(refused.id);
  expect((await accounts.findById(_id).lean().exec())?.gems).toBe(1);
});

it('when an update finds its document by another field, then the id is learned from the write and an upsert says it created', async () => {
  const first = event();
  const created = await outbox.update({ email: 'byemail@kidslearn.test' }, { $set: { gems: 5 } }, [first], { upsert: true });
  expect(created).toMatchObject({ written: true, created: true });
  const second = event();
  const updated = await outbox.update({ email: 'byemail@kidslearn.test' }, { $inc: { gems: 1 } }, [second], { upsert: true });
  expect(updated).toEqual({ written: true, created: false, id: created.id });
  await eventually(() => published.includes(first.id) && published.includes(second.id));
  await emptied('byemail@kidslearn.test');
});

it('when findOneAndUpdate writes with events, then it answers the document after the write', async () => {
  await accounts.create({ email: 'fam@kidslearn.test', gems: 1 });
  const raised = event();
  const doc = await outbox.findOneAndUpdate({ email: 'fam@kidslearn.test' }, { $inc: { gems: 4 } }, [raised]);
  expect(doc).toMatchObject({ email: 'fam@kidslearn.test', gems: 5 });
  await eventually(() => published.includes(raised.id));
});

it("when a writer died before publishing, then another instance's outbox publishes the events at its start", async () => {
  const stranded = event();
  const dead = createOutbox({ model: accounts, logger, bus: { publish: () => new Promise<void>(() => undefined) } });
  await dead.insert({ email: 'stranded@kidslearn.test' }, [stranded]);
  const other: string[] = [];
  const next = createOutbox({ model: accounts, logger, bus: { publish: async (e) => void other.push(e.id) } });
  next.start();
  await eventually(() => other.includes(stranded.id));
  await emptied('stranded@kidslearn.test');
  await next.stop();
});
