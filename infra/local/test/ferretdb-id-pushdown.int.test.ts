// FerretDB 1.24 narrows a query to one document only when the filter is `{ _id }` alone; `{ _id, version }` (every
// guarded update by id) decoded the whole collection. The wrapper's build patches that
// (infra/local/ferretdb/patches/sqlite-pushdown.patch): a filter that pins `_id` reads that one row, and the
// rest of the filter is still applied by FerretDB. Without the patch a guarded update of a 2 000-document
// collection took 100–250 ms here against 1.5 ms by `_id` alone; with it both take the same.
import { MongoClient, type Collection } from 'mongodb';
import { startPrivateFerretDb, type PrivateServer } from '../src';
import { timed } from './timing';

type Counter = { _id: string; version: number; n: number; tags: string[] };
const DOCS = 2000;
const SAMPLES = 25;


describe('FerretDB: a filter that pins _id reads one document', () => {
  let server: PrivateServer;
  let client: MongoClient;
  let counters: Collection<Counter>;

  beforeAll(async () => {
    server = await startPrivateFerretDb();
    client = await MongoClient.connect(server.url, { retryWrites: false });
    counters = client.db('pushdown').collection<Counter>('counters');
    const docs = Array.from({ length: DOCS }, (_, i) => ({ _id: `c${i}`, version: 1, n: 0, tags: Array.from({ length: 20 }, (__, k) => `tag-${i}-${k}-xxxxxxxxxxxxxxxx`) }));
    for (let i = 0; i < DOCS; i += 500) await counters.insertMany(docs.slice(i, i + 500));
    // The wrapper indexes the id expression of a new table within 5 s (id_index.go); until then even `{ _id }` scans.
    for (const deadline = Date.now() + 20_000; (await timed(3, () => counters.findOne({ _id: `c${DOCS - 1}` }))) > 5 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await server?.dispose();
  });

  it('when a guarded update pins _id, then FerretDB still applies the guard', async () => {
    expect((await counters.updateOne({ _id: 'c7', version: 2 }, { $inc: { n: 1 } })).matchedCount).toBe(0);
    expect((await counters.updateOne({ _id: 'c7', version: 1, tags: { $ne: 'tag-7-0-xxxxxxxxxxxxxxxx' } }, { $inc: { n: 1 } })).matchedCount).toBe(0);
    expect((await counters.updateOne({ _id: 'c7', $or: [{ version: 5 }, { n: { $gte: 0 } }] }, { $inc: { n: 1 }, $set: { version: 2 } })).modifiedCount).toBe(1);
    expect(await counters.findOneAndUpdate({ _id: 'c7', version: 1 }, { $inc: { n: 1 } })).toBeNull();
    expect(await counters.findOne({ _id: 'c7', version: 2 }, { projection: { n: 1 } })).toEqual({ _id: 'c7', n: 1 });
    expect((await counters.deleteOne({ _id: 'c8', version: 9 })).deletedCount).toBe(0);
    expect(await counters.countDocuments({ _id: 'c8', version: 1 })).toBe(1);
  });

  it('when 2 000 documents are stored, then a guarded update by _id costs about what an update by _id alone does', async () => {
    // The last documents: without the patch FerretDB decodes every document before them.
    const last = (i: number) => `c${DOCS - 1 - i}`;
    const byIdAlone = await timed(SAMPLES, (i) => counters.updateOne({ _id: last(i) }, { $inc: { n: 1 } }));
    const guarded = await timed(SAMPLES, (i) => counters.updateOne({ _id: last(i), version: 1, tags: { $ne: 'none' } }, { $inc: { n: 1 } }));
    console.log(`median update by _id ${byIdAlone.toFixed(2)} ms, guarded by _id ${guarded.toFixed(2)} ms`);
    expect(guarded).toBeLessThan(3 * byIdAlone + 5);
  }, 60_000);
});
