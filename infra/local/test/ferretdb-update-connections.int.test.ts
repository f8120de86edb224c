// FerretDB 1.24 kept an update's read open (a deferred Close per statement) while the write took a second pooled
// SQLite connection (100 per database): one `update` of 100 statements, or 100 updates or findAndModify at once,
// took every connection and waited for one forever, and with it every later command of that database. The wrapper's
// build closes the read before the write (infra/local/ferretdb/patches/update-read-closed.patch,
// findandmodify-read-closed.patch), as FerretDB's delete already did. A bulk outbox clear of 300 documents hung the
// learners drill before it.
import { MongoClient, type Collection } from 'mongodb';
import { startPrivateFerretDb, type PrivateServer } from '../src';

type Item = { _id: string; n: number; outbox: string[] };
const DOCS = 300;
/** Far longer than any of these commands takes; a command still running then waits for a connection that never comes. */
const HUNG_MS = 20_000;

const finishes = <T,>(work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running after ${HUNG_MS} ms: the pool's connections are held`)), HUNG_MS).unref())]);

describe('FerretDB: an update gives its read connection back before it writes', () => {
  let server: PrivateServer;
  let client: MongoClient;
  let items: Collection<Item>;

  beforeAll(async () => {
    server = await startPrivateFerretDb();
    client = await MongoClient.connect(server.url, { retryWrites: false, maxPoolSize: 200 });
    items = client.db('connections').collection<Item>('items');
    await items.insertMany(Array.from({ length: DOCS }, (_, i) => ({ _id: `i${i}`, n: 0, outbox: ['e'] })));
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await server?.dispose();
  });

  it('when one update command carries 300 statements, then it applies them all', async () => {
    const ops = Array.from({ length: DOCS }, (_, i) => ({ updateOne: { filter: { _id: `i${i}`, outbox: { $size: 1 } }, update: { $set: { outbox: [] }, $inc: { n: 1 } } } }));
    const result = await finishes(items.bulkWrite(ops, { ordered: false }));
    expect(result.modifiedCount).toBe(DOCS);
    expect(await items.countDocuments({ n: 1 })).toBe(DOCS);
  }, 60_000);

  it('when 150 updates and 150 findAndModify run at once, then every one is applied and the database still answers', async () => {
    const updates = Array.from({ length: 150 }, (_, i) => items.updateOne({ _id: `i${i}` }, { $inc: { n: 1 } }));
    const modified = Array.from({ length: 150 }, (_, i) => items.findOneAndUpdate({ _id: `i${150 + i}` }, { $inc: { n: 1 } }, { returnDocument: 'after' }));
    const [updated, found] = await finishes(Promise.all([Promise.all(updates), Promise.all(modified)]));
    expect(updated.every((r) => r.modifiedCount === 1)).toBe(true);
    expect(found.every((doc) => doc?.n === 2)).toBe(true);
    expect(await finishes(items.countDocuments({ n: 2 }))).toBe(DOCS);
  }, 60_000);
});
