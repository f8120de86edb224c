// The guarded updates two client processes race in ferretdb-atomic.int.test.ts (racing-writer.ts runs them):
// what is seeded, and what must hold afterwards when every single-document write is atomic.
import type { Db } from 'mongodb';

export const scenarioNames = ['versioned', 'claims', 'stock'] as const;
export type Scenario = (typeof scenarioNames)[number];

/** Guarded updates per scenario and writer process. */
export const OPERATIONS = 1000;
/** Concurrent operations per writer process (its driver pools as many connections). */
export const LANES = 2;
/** The slots are spread over several collections: FerretDB decodes a collection's documents to match `{ _id, owner: null }`. */
export const SLOT_COLLECTIONS = 10;
export const SLOTS_PER_COLLECTION = OPERATIONS / SLOT_COLLECTIONS;
/** The gem's starting stock: less than the decrements the writers try, so it runs out. */
export const STOCK = 1500;

export interface RaceResult {
  /** guarded updates the writer saw applied */
  applied: number;
  retries?: number;
  /** claims: the slots this writer won */
  won?: string[];
  /** stock: the stock each applied decrement left */
  left?: number[];
}

export async function seed(db: Db): Promise<void> {
  await db.collection('counters').insertOne({ _id: 'counter' as never, count: 0, version: 0 });
  for (let c = 0; c < SLOT_COLLECTIONS; c++) {
    await db.collection(`slots-${c}`).insertMany(Array.from({ length: SLOTS_PER_COLLECTION }, (_, s) => ({ _id: `slot-${s}` as never, owner: null })));
  }
  await db.collection('items').insertMany([
    { _id: 'pencil' as never, name: 'pencil', stock: 7 },
    { _id: 'gem' as never, name: 'gem', stock: STOCK },
    { _id: 'sticker' as never, name: 'sticker', stock: 3 },
  ]);
}

/** What went wrong in a scenario after both writers finished (empty: every count exact). */
export async function discrepancies(db: Db, scenario: Scenario, results: RaceResult[], writers: number): Promise<string[]> {
  const wrong: string[] = [];
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };
  const applied = results.reduce((sum, r) => sum + r.applied, 0);

  if (scenario === 'versioned') {
    const counter = await db.collection('counters').findOne({ _id: 'counter' as never });
    expect('count', counter?.count, applied);
    expect('version', counter?.version, applied);
  }
  if (scenario === 'claims') {
    const won = results.flatMap((r) => r.won ?? []);
    expect('slots claimed twice', won.length - new Set(won).size, 0);
    expect('slots won', won.length, OPERATIONS);
    let owned = 0;
    for (let c = 0; c < SLOT_COLLECTIONS; c++) owned += await db.collection(`slots-${c}`).countDocuments({ owner: { $ne: null } });
    expect('slots owned', owned, OPERATIONS);
  }
  if (scenario === 'stock') {
    const left = results.flatMap((r) => r.left ?? []);
    expect('decrements applied', applied, STOCK);
    expect('a stock left by two decrements', left.length - new Set(left).size, 0);
    expect('stock below zero', left.filter((stock) => stock < 0).length, 0);
    const gem = await db.collection('items').findOne({ _id: 'gem' as never });
    expect('gem stock', gem?.stock, 0);
    expect('other items untouched', await db.collection('items').countDocuments({ _id: { $ne: 'gem' as never }, stock: { $in: [7, 3] } }), 2);
  }
  expect('writers', results.length, writers);
  return wrong;
}
