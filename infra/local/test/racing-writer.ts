// A client process of ferretdb-atomic.int.test.ts: the plain `mongodb` driver (never lib-mongo, whose
// connectMongo serialises this process's own writes and would hide the race), several pooled connections.
// Started with `<url> <db> <writer id>`; it connects, says `ready`, and runs each scenario the parent names
// (`{ run: scenario }`), answering `{ done: scenario, result }`. The parent starts every scenario in both
// processes at the same time.
import { MongoClient, type Db } from 'mongodb';
import { LANES, OPERATIONS, SLOT_COLLECTIONS, SLOTS_PER_COLLECTION, type RaceResult, type Scenario } from './racing-scenarios';

const [url, dbName, writer] = process.argv.slice(2) as [string, string, string];

/** Runs `operation(i)` for i in [0, OPERATIONS) over LANES concurrent lanes (so over several pooled connections). */
async function inLanes(operation: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < OPERATIONS) await operation(next++);
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

const scenarios: Record<Scenario, (db: Db) => Promise<RaceResult>> = {
  /** `$inc` under a version guard, retried on no match, until this writer's OPERATIONS increments applied. */
  async versioned(db) {
    const counters = db.collection<{ _id: string; count: number; version: number }>('counters');
    let retries = 0;
    await inLanes(async () => {
      for (;;) {
        const current = await counters.findOne({ _id: 'counter' });
        const { modifiedCount } = await counters.updateOne({ _id: 'counter', version: current!.version }, { $inc: { count: 1, version: 1 } });
        if (modifiedCount === 1) return;
        retries++;
      }
    });
    return { applied: OPERATIONS, retries };
  },

  /** Claims every slot only if unclaimed (slot i lives in collection slots-(i mod SLOT_COLLECTIONS)). */
  async claims(db) {
    const won: string[] = [];
    await inLanes(async (i) => {
      const slots = db.collection<{ _id: string; owner: string | null }>(`slots-${i % SLOT_COLLECTIONS}`);
      const _id = `slot-${Math.floor(i / SLOT_COLLECTIONS) % SLOTS_PER_COLLECTION}`;
      const { modifiedCount } = await slots.updateOne({ _id, owner: null }, { $set: { owner: writer } });
      if (modifiedCount === 1) won.push(`${i % SLOT_COLLECTIONS}/${_id}`);
    });
    return { applied: won.length, won };
  },

  /**
   * Takes one from the gem's stock while any is left: found by `name` (a filter on a non-_id field, which the
   * wrapper locks the collection for) and, every other time, by `_id` (which it locks the document for).
   */
  async stock(db) {
    const items = db.collection<{ _id: string; name: string; stock: number }>('items');
    const left: number[] = [];
    await inLanes(async (i) => {
      const filter = i % 2 === 0 ? { name: 'gem', stock: { $gt: 0 } } : { _id: 'gem', stock: { $gt: 0 } };
      const after = await items.findOneAndUpdate(filter, { $inc: { stock: -1 } }, { returnDocument: 'after' });
      if (after) left.push(after.stock);
    });
    return { applied: left.length, left };
  },
};

async function main(): Promise<void> {
  const client = new MongoClient(url, { maxPoolSize: LANES });
  await client.connect();
  const db = client.db(dbName);
  process.on('message', (message: { run?: Scenario; exit?: true }) => {
    if (message.exit) {
      void client.close().then(() => process.exit(0));
      return;
    }
    const scenario = message.run!;
    scenarios[scenario](db).then(
      (result) => process.send!({ done: scenario, result }),
      (error: unknown) => process.send!({ done: scenario, error: String(error) }),
    );
  });
  process.send!({ ready: writer });
}

void main();
