// FerretDB 1.24 runs an update as read-then-write without a transaction; the wrapper (infra/local/ferretdb)
// serialises write commands per collection so guarded single-document updates are atomic across clients.
// Two separate client processes (plain `mongodb` driver, two pooled connections each) race 1 000 guarded
// updates each per scenario (racing-scenarios.ts) on private FerretDBs started through the runner with the
// same binary: with the write locks off the counts are wrong (the race exists), with them every count is exact.
import net from 'node:net';
import { BSON, MongoClient } from 'mongodb';
import { startPrivateFerretDb, type PrivateServer } from '../src';
import { raceWriters } from './race-writers';

const RACE_TIMEOUT_MS = 90_000;

describe('FerretDB write locks: guarded updates from two client processes', () => {
  it(
    'when the write locks are off (FerretDB 1.24 as it is), then every scenario loses or doubles updates',
    async () => {
      const unlocked = await startPrivateFerretDb({ writeLocks: false });
      try {
        const outcomes = await raceWriters(unlocked.url);
        console.log(`write locks off: ${JSON.stringify(outcomes)}`);
        for (const { scenario, wrong } of outcomes) expect({ scenario, raced: wrong.length > 0 }).toEqual({ scenario, raced: true });
      } finally {
        await unlocked.dispose();
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'when the write locks are on, then the version-guarded $inc, the conditional $set and the findOneAndUpdate on a non-_id filter are exact',
    async () => {
      const locked = await startPrivateFerretDb();
      try {
        const outcomes = await raceWriters(locked.url);
        console.log(`write locks on: ${JSON.stringify(outcomes)}`);
        expect(outcomes.map(({ scenario, wrong }) => ({ scenario, wrong }))).toEqual([
          { scenario: 'versioned', wrong: [] },
          { scenario: 'claims', wrong: [] },
          { scenario: 'stock', wrong: [] },
        ]);
      } finally {
        await locked.dispose();
      }
    },
    RACE_TIMEOUT_MS,
  );
});

describe('FerretDB write locks: connections', () => {
  let server: PrivateServer;
  let client: MongoClient;

  beforeAll(async () => {
    server = await startPrivateFerretDb();
    client = new MongoClient(server.url);
  });

  afterAll(async () => {
    await client?.close();
    await server?.dispose();
  });

  /** Sends one OP_MSG on a raw connection and closes it at once, without waiting for the reply. */
  async function sendAndHangUp(body: Record<string, unknown>): Promise<void> {
    const bson = BSON.serialize(body);
    const message = Buffer.alloc(16 + 4 + 1 + bson.length);
    message.writeInt32LE(message.length, 0);
    message.writeInt32LE(1, 4);
    message.writeInt32LE(2013, 12); // OP_MSG, no flags, one kind-0 section
    message.writeUInt8(0, 20);
    Buffer.from(bson).copy(message, 21);
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => socket.write(message, () => resolve()));
    });
    socket.destroy();
  }

  it('when a client connection dies right after sending a long write, then that write runs to its end and releases the collection to the next writer', async () => {
    const db = client.db('atomic-hang-up');
    const rows = db.collection<{ _id: string; n: number }>('rows');
    const count = 1000; // FerretDB takes about a millisecond a document: a write of a second or more
    await rows.insertMany(Array.from({ length: count }, (_, i) => ({ _id: `r${i}`, n: 0 })));
    await sendAndHangUp({ update: 'rows', updates: [{ q: {}, u: { $inc: { n: 1 } }, multi: true }], $db: 'atomic-hang-up' });

    const { modifiedCount } = await rows.updateOne({ _id: 'r0' }, { $inc: { n: 1 } });
    expect(modifiedCount).toBe(1);
    // the hung-up write may have reached the server after this one: wait until both are in
    const done = async () => (await rows.countDocuments({ n: 1 })) === count - 1 && (await rows.findOne({ _id: 'r0' }))?.n === 2;
    const deadline = Date.now() + 20_000;
    while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rows.countDocuments({ n: 1 })).toBe(count - 1);
    expect(await rows.findOne({ _id: 'r0' })).toEqual({ _id: 'r0', n: 2 });
    await db.dropDatabase();
  });

  it('when a client pages a cursor (getMore) and closes it early (killCursors) while another client writes the collection, then every page arrives and writes go on', async () => {
    const db = client.db('atomic-cursor');
    await db.collection('rows').insertMany(Array.from({ length: 40 }, (_, i) => ({ _id: `r${String(i).padStart(2, '0')}` as never, v: 0 })));
    const other = new MongoClient(server.url);
    try {
      const writes = Promise.all(Array.from({ length: 40 }, (_, i) => other.db('atomic-cursor').collection('rows').updateOne({ _id: `r${String(i).padStart(2, '0')}` as never }, { $inc: { v: 1 } })));
      const cursor = db.collection('rows').find({}, { batchSize: 5, sort: { _id: 1 } });
      const seen: string[] = [];
      for await (const row of cursor) {
        seen.push(String(row._id));
        if (seen.length === 23) break; // closes the cursor: killCursors
      }
      await writes;
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `r${String(i).padStart(2, '0')}`));
      expect(await db.collection('rows').countDocuments({ v: 1 })).toBe(40);
    } finally {
      await other.close();
      await db.dropDatabase();
    }
  });
});
