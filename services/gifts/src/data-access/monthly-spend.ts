import { groupCommit, isDuplicateKeyError } from '@kidslearn/lib-mongo';
import { Schema, type Connection, type Model } from 'mongoose';
import { maxSpentBefore } from '../domain/monthly-cap';
import type { MonthlySpend } from '../domain/ports';

/** One learner's month: the costs of its requests not rejected or declined (domain/monthly-cap.ts). */
export interface MonthlySpendDoc {
  /** `<YYYY-MM>:<email>` */
  _id: string;
  email: string;
  month: string;
  spent: number;
  /** the requests whose cost was taken back (so a repeated release takes nothing more) */
  released: string[];
}

const schema = new Schema<MonthlySpendDoc>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, index: true },
    month: { type: String, required: true },
    spent: { type: Number, required: true },
    released: { type: [String], default: [] },
  },
  { collection: 'monthlySpend', versionKey: false },
);

export function monthlySpendModel(conn: Connection): Model<MonthlySpendDoc> {
  return (conn.models.MonthlySpend as Model<MonthlySpendDoc> | undefined) ?? conn.model<MonthlySpendDoc>('MonthlySpend', schema);
}

/**
 * The cap is checked and the cost counted in one conditional `$inc` on the month's document, so concurrent
 * requests (on any instances) can never together pass the cap: the database admits them one by one. The write is an
 * upsert, so the month's first request makes the counter with its cost in the same command.
 */
export function createMonthlySpend(model: Model<MonthlySpendDoc>): MonthlySpend {
  const idOf = (email: string, month: string) => `${month}:${email}`;
  // Most releases are of rejected requests, one per gems refusal: those that come together go in one ordered bulk
  // write (lib-mongo groupCommit), each guarded as alone, so a repeated release still takes nothing more.
  const releaseInGroup = groupCommit(async (releases: Array<{ id: string; _id: string; cost: number }>) => {
    await model.bulkWrite(
      releases.map(({ id, _id, cost }) => ({ updateOne: { filter: { _id, released: { $ne: id } }, update: { $inc: { spent: -cost }, $push: { released: id } } } })),
      { ordered: true },
    );
    return releases.map(() => undefined);
  });

  return {
    async reserve(email, month, cost, cap) {
      if (cap !== null && maxSpentBefore(cap, cost) < 0) return false;
      const _id = idOf(email, month);
      const admissible = cap === null ? { _id } : { _id, spent: { $lte: maxSpentBefore(cap, cost) } };
      try {
        await model.updateOne(admissible, { $inc: { spent: cost }, $setOnInsert: { email, month, released: [] } }, { upsert: true }).exec();
        return true;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      // The counter is there and over the cap (the upsert's insert collided with it), or a request racing this one
      // made it first: asked again, without the upsert.
      return (await model.updateOne(admissible, { $inc: { spent: cost } }).exec()).matchedCount > 0;
    },

    async release({ id, email, cost, month }) {
      await releaseInGroup({ id, _id: idOf(email, month), cost });
    },

    erase: async (email) => void (await model.deleteMany({ email }).exec()),
  };
}
