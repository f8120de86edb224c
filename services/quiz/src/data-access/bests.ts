import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@kidslearn/lib-mongo';
import type { Best, BestStore } from '../domain/ports';
import { publicName } from '../domain/public-name';
import { publicStandingId, standingId } from '../domain/standing-id';

export interface BestDoc extends Best {
  _id: string;
}

const schema = new Schema<BestDoc>(
  {
    _id: { type: String, required: true },
    lessonId: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, required: true },
    score: { type: Number, required: true },
    total: { type: Number, required: true },
    attemptId: { type: String, required: true },
    achievedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// Covers the standings sort including its last tie-break (_id), so the top 100 are read in index order.
schema.index({ lessonId: 1, score: -1, achievedAt: 1, _id: 1 });
// A learner's own results (GET /quiz-results/mine).
schema.index({ email: 1 });

export const STANDINGS_LIMIT = 100;

/** One document per (lesson, learner) holding the best result, so standings are one indexed find. */
export interface BestRepositoryOptions {
  /** The secret key of public row ids (data-access/row-key.ts). */
  rowKey: Buffer;
  /** The names content's user records hold (shown instead of the name stored from the token). */
  namesOf?: (emails: string[]) => Promise<Map<string, string>>;
}

export function bestRepository(db: Connection, { rowKey, namesOf = async () => new Map() }: BestRepositoryOptions) {
  const model = db.model<BestDoc>('Best', schema, 'bests');
  const publicId = (lessonId: string, email: string) => publicStandingId(rowKey, lessonId, email);
  const store: BestStore = {
    /**
     * Keeps the better result (ties go to whoever got there first); resolves true when the standings changed.
     * Read by id first: most attempts do not beat the learner's best, and then nothing is written. The write is
     * guarded by the score in the database, so a better result stored meanwhile (another instance) is kept.
     */
    async record(best) {
      const { lessonId, email, ...rest } = best;
      const _id = standingId(lessonId, email);
      for (;;) {
        const current = await model.findById(_id, { score: 1 }).lean<Pick<BestDoc, 'score'>>().exec();
        if (current) {
          if (current.score >= best.score) return false;
          // A better result stored meanwhile makes the guard fail: nothing to change then.
          const result = await model.updateOne({ _id, score: { $lt: best.score } }, { $set: rest });
          return result.matchedCount > 0;
        }
        try {
          await model.create({ _id, lessonId, email, ...rest });
          return true;
        } catch (error) {
          // Another attempt of this learner stored the first best meanwhile: compare with it.
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
    },
    async mine(email) {
      const rows = await model.find({ email }).sort({ achievedAt: -1 }).limit(1000).lean<BestDoc[]>().exec();
      return rows.map(({ lessonId, score, total, achievedAt }) => ({ lessonId, standingId: publicId(lessonId, email), score, total, achievedAt }));
    },
    async standings(lessonId) {
      const rows = await model.find({ lessonId }).sort({ score: -1, achievedAt: 1, _id: 1 }).limit(STANDINGS_LIMIT).lean<BestDoc[]>().exec();
      const names = await namesOf(rows.map((row) => row.email));
      return rows.map((row) => ({ _id: publicId(row.lessonId, row.email), userInfo: { name: publicName(names.get(row.email) ?? row.name) }, score: row.score, total: row.total }));
    },
  };
  return { ...store, model };
}
export type BestRepository = ReturnType<typeof bestRepository>;
