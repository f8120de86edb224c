import type mongoose from 'mongoose';
import { LOCAL_DATABASE_OPTIONS } from '@kidslearn/lib-mongo';
import { uniqueDbUrl, watchedConnection, type SentCommand } from '@kidslearn/lib-testkit';
import { createMonthlySpend, monthlySpendModel } from '../src/data-access/monthly-spend';

jest.setTimeout(60_000);

// Costs given back (a rejected request, an unused count) are written in groups: one bulk write for those that come
// together, each still guarded so that a repeated release takes nothing more.
let db: mongoose.Connection;
let sent: SentCommand[];

beforeAll(async () => {
  // Command monitoring on: the tests below count what a reservation sends.
  ({ db, sent } = await watchedConnection(uniqueDbUrl('gifts-spend'), LOCAL_DATABASE_OPTIONS));
});
afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await db.close();
});

describe('monthly spend released in groups', () => {
  it('when several costs are given back at once, a request twice among them, then one bulk write takes each back once', async () => {
    const model = monthlySpendModel(db);
    const spend = createMonthlySpend(model);
    const month = '2026-11';
    expect(await spend.reserve('ana@example.com', month, 10, null)).toBe(true);
    expect(await spend.reserve('ana@example.com', month, 5, null)).toBe(true);
    expect(await spend.reserve('ben@example.com', month, 7, null)).toBe(true);
    const bulkWrite = jest.spyOn(model, 'bulkWrite');

    await Promise.all([
      spend.release({ id: 'r1', email: 'ana@example.com', cost: 10, month }),
      spend.release({ id: 'r1', email: 'ana@example.com', cost: 10, month }),
      spend.release({ id: 'r3', email: 'ben@example.com', cost: 7, month }),
    ]);

    expect(bulkWrite).toHaveBeenCalledTimes(1);
    expect((bulkWrite.mock.calls[0]![0] as unknown[]).length).toBe(3);
    const spent = async (email: string) => (await model.findById(`${month}:${email}`).lean())?.spent;
    expect(await spent('ana@example.com')).toBe(5);
    expect(await spent('ben@example.com')).toBe(0);
    // Later, alone: still taken back once.
    await spend.release({ id: 'r1', email: 'ana@example.com', cost: 10, month });
    expect(await spent('ana@example.com')).toBe(5);
    bulkWrite.mockRestore();
  });
});

describe('monthly spend reserved', () => {
  const commandsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
    const from = sent.length;
    await run();
    return sent.slice(from).filter((command) => command.collection === 'monthlySpend').map((command) => command.name);
  };

  it("when the month's first request is counted, then one write makes the counter with its cost", async () => {
    const model = monthlySpendModel(db);
    const spend = createMonthlySpend(model);
    let admitted: boolean | undefined;
    expect(await commandsOf(async () => (admitted = await spend.reserve('cara@example.com', '2026-10', 6, 20)))).toEqual(['update']);
    expect(admitted).toBe(true);
    // (`released: []` too on MongoDB; FerretDB 1.24 drops an empty list an upsert's $setOnInsert writes, and a missing
    // list is taken as empty by the releases' `$ne` and `$push`.)
    expect(await model.findById('2026-10:cara@example.com').lean()).toMatchObject({ _id: '2026-10:cara@example.com', email: 'cara@example.com', month: '2026-10', spent: 6 });
    expect(await commandsOf(() => spend.reserve('cara@example.com', '2026-10', 6, 20))).toEqual(['update']);
  });

  it('when a request would pass the cap, then it is refused and nothing is counted', async () => {
    const model = monthlySpendModel(db);
    const spend = createMonthlySpend(model);
    expect(await spend.reserve('dan@example.com', '2026-10', 10, 15)).toBe(true);
    expect(await spend.reserve('dan@example.com', '2026-10', 6, 15)).toBe(false);
    expect(await spend.reserve('dan@example.com', '2026-10', 5, 15)).toBe(true);
    expect(await spend.reserve('dan@example.com', '2026-10', 1, 15)).toBe(false);
    expect(await spend.reserve('dan@example.com', '2026-10', 16, 15)).toBe(false);
    expect((await model.findById('2026-10:dan@example.com').lean())?.spent).toBe(15);
  });

  it("when the month's first requests race, then the cap admits exactly as many as fit", async () => {
    const model = monthlySpendModel(db);
    const spend = createMonthlySpend(model);
    const admitted = await Promise.all(Array.from({ length: 10 }, () => spend.reserve('eve@example.com', '2026-09', 5, 20)));
    expect(admitted.filter(Boolean)).toHaveLength(4);
    expect((await model.findById('2026-09:eve@example.com').lean())?.spent).toBe(20);
    const uncapped = await Promise.all(Array.from({ length: 6 }, () => spend.reserve('finn@example.com', '2026-09', 3, null)));
    expect(uncapped.every(Boolean)).toBe(true);
    expect((await model.findById('2026-09:finn@example.com').lean())?.spent).toBe(18);
  });
});
