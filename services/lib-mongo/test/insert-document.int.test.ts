// insertDocument (and insertDocuments) store what model.create (insertMany) would store (real FerretDB): each case writes the same input both ways, into
// two collections of one schema, and compares the raw stored documents (ids aside); bad input is refused by both.
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { uniqueDbUrl } from '@kidslearn/lib-testkit';
import { connectMongo, insertDocument, insertDocuments, isDuplicateKeyError, outboxFields } from '../src';

const logger = createLogger('insert-document-test', process.env.TEST_LOG_LEVEL ?? 'silent');

const address = new Schema({ city: { type: String, required: true }, notes: String }, { _id: false });
const definition = {
  email: { type: String, required: true, unique: true },
  cost: { type: Number, required: true },
  status: { type: String, required: true, enum: ['requested', 'debited'] },
  delivered: { type: Boolean, default: false },
  settledAt: { type: Date, default: null },
  address: { type: address },
  tags: [String],
  answers: { type: [Schema.Types.Mixed] },
  at: Date,
  ...outboxFields,
};

let conn: Connection;
let viaCreate: Model<Record<string, unknown>>;
let viaInsert: Model<Record<string, unknown>>;
let versioned: Model<Record<string, unknown>>;

beforeAll(async () => {
  conn = await connectMongo(uniqueDbUrl('lib-mongo-insert-document'), logger);
  viaCreate = conn.model<Record<string, unknown>>('ViaCreate', new Schema<Record<string, unknown>>(definition, { versionKey: false, collection: 'via_create' }));
  viaInsert = conn.model<Record<string, unknown>>('ViaInsert', new Schema<Record<string, unknown>>(definition, { versionKey: false, collection: 'via_insert' }));
  versioned = conn.model<Record<string, unknown>>('Versioned', new Schema<Record<string, unknown>>({ n: Number }, { collection: 'versioned' }));
  await Promise.all([viaCreate.init(), viaInsert.init(), versioned.init()]);
});
afterAll(async () => {
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
});

const raw = async (model: Model<Record<string, unknown>>, email: string) => {
  const { _id, ...rest } = (await model.collection.findOne({ email })) ?? {};
  return { hasId: _id instanceof Types.ObjectId, rest };
};
const event = { id: 'e-1', type: 'thing.done', version: 1, occurredAt: '2026-11-29T00:00:00.000Z', data: { n: 1 } };

test.each([
  ['defaults only', { email: 'a@x.test', cost: 3, status: 'requested' }],
  ['casts strings, drops unknown paths, keeps nulls', { email: 'b@x.test', cost: '7', status: 'debited', at: '2026-11-29T01:02:03.000Z', extra: 'dropped', address: { city: 'Pune', junk: 1 }, settledAt: null, delivered: 'true' }],
  ['an outbox event and mixed answers', { email: 'c@x.test', cost: 1, status: 'requested', answers: ['A', null, 3], outbox: [event], outboxPending: true, outboxLastId: 'e-1', tags: ['t'] }],
])('%s: the stored document is the one create stores', async (_name, input) => {
  await viaCreate.create({ ...input });
  const returned = await insertDocument(viaInsert, { ...input });
  const [created, inserted] = await Promise.all([raw(viaCreate, input.email), raw(viaInsert, input.email)]);
  expect(inserted.hasId).toBe(true);
  expect(created.hasId).toBe(true);
  expect(inserted.rest).toEqual(created.rest);
  expect((returned as { email: string }).email).toBe(input.email);
});

test('the version key is stored at 0, as create does', async () => {
  const doc = await insertDocument(versioned, { n: 1 });
  expect((doc as { __v?: number }).__v).toBe(0);
  expect(await versioned.collection.findOne({ n: 1 })).toMatchObject({ n: 1, __v: 0 });
});

test.each([
  ['a missing required path', { email: 'd@x.test', status: 'requested' }, /cost.*required/],
  ['a value outside the enum', { email: 'e@x.test', cost: 1, status: 'lost' }, /status.*not a valid enum/],
  ['a value that does not cast', { email: 'f@x.test', cost: 'many', status: 'requested' }, /Cast to Number failed/],
  ['an outbox event without its type', { email: 'g@x.test', cost: 1, status: 'requested', outbox: [{ id: 'x', version: 1, occurredAt: 'now' }] }, /type.*required/],
])('%s is refused with a ValidationError and nothing is stored', async (_name, input, message) => {
  await expect(insertDocument(viaInsert, input)).rejects.toMatchObject({ name: 'ValidationError', message: expect.stringMatching(message) });
  expect(await viaInsert.collection.countDocuments({ email: input.email })).toBe(0);
});

test('a duplicate key is the driver’s error (code 11000), as with create', async () => {
  await insertDocument(viaInsert, { email: 'dup@x.test', cost: 1, status: 'requested' });
  const error = await insertDocument(viaInsert, { email: 'dup@x.test', cost: 2, status: 'requested' }).catch((err: unknown) => err);
  expect(isDuplicateKeyError(error)).toBe(true);
  expect(await viaInsert.collection.countDocuments({ email: 'dup@x.test' })).toBe(1);
});

test('a schema with timestamps is refused before anything is written', async () => {
  const stamped = conn.model('Stamped', new Schema({ n: Number }, { timestamps: true, collection: 'stamped' }));
  await expect(insertDocument(stamped, { n: 1 })).rejects.toThrow(/timestamps/);
  expect(await stamped.collection.countDocuments({})).toBe(0);
});

describe('insertDocuments', () => {
  test('stores each document as insertMany does', async () => {
    const docs = [
      { email: 'm1@x.test', cost: '2', status: 'requested', extra: 1 },
      { email: 'm2@x.test', cost: 3, status: 'debited', settledAt: null, tags: ['a'] },
    ];
    await viaCreate.insertMany(docs.map((doc) => ({ ...doc })));
    await insertDocuments(viaInsert, docs);
    for (const { email } of docs) expect((await raw(viaInsert, email)).rest).toEqual((await raw(viaCreate, email)).rest);
  });

  test('one invalid document refuses them all, before anything is written', async () => {
    const docs = [
      { email: 'v1@x.test', cost: 1, status: 'requested' },
      { email: 'v2@x.test', cost: 1, status: 'lost' },
    ];
    await expect(insertDocuments(viaInsert, docs)).rejects.toMatchObject({ name: 'ValidationError' });
    expect(await viaInsert.collection.countDocuments({ email: { $in: ['v1@x.test', 'v2@x.test'] } })).toBe(0);
  });

  test('unordered, a duplicate fails alone and the others are written; its error names the duplicate', async () => {
    await insertDocument(viaInsert, { email: 'u2@x.test', cost: 1, status: 'requested' });
    const error = (await insertDocuments(
      viaInsert,
      ['u1@x.test', 'u2@x.test', 'u3@x.test'].map((email) => ({ email, cost: 1, status: 'requested' })),
      { ordered: false },
    ).catch((err: unknown) => err)) as { writeErrors?: unknown[] };
    expect(isDuplicateKeyError(error)).toBe(true);
    expect(error.writeErrors).toHaveLength(1);
    expect(await viaInsert.collection.countDocuments({ email: { $in: ['u1@x.test', 'u2@x.test', 'u3@x.test'] } })).toBe(3);
  });

  test('nothing to insert sends nothing', async () => {
    await expect(insertDocuments(viaInsert, [])).resolves.toBeUndefined();
  });
});
