import mongoose from 'mongoose';
import { uniqueDbUrl } from '@kidslearn/lib-testkit';
import { createMonthlySpend, monthlySpendModel } from '../src/data-access/monthly-spend';

jest.setTimeout(60_000);

// Costs given back (a rejected request, an unused count) are written in groups: one bulk write for those that come
// together, each still guarded so that a repeated release takes nothing more.
let db: mongoose.Connection;

beforeAll(async () => {
  db = await mongoose.createConnection(uniqueDbUrl('gifts-spend')).asPromise();
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
