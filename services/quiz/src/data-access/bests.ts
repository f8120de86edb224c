import { Schema, type Connection } from 'mongoose';
import { publicStandingId, standingId } from '../domain/standing-id';
import { publicName } from '../domain/public-name';

export interface BestDoc {
  _id: string;
  lessonId: string;
  email: string;
  name: string;
  score: number;
  total: number;
  attemptId: string;
  achievedAt: Date;
}

export interface StandingRow {
  _id: string;
  userInfo: { name: string };
  score: number;
  total: number;
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

export interface OwnBest {
  lessonId: string;
  /** The public id of the learner's own standings row for this lesson, so the portal can mark it. */
  standingId: string;
  score: number;
  total: number;
  achievedAt: Date;
}

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/** One document per (lesson, learner) holding the best result, so standings are one indexed find. */
export interface BestRepositoryOptions {
  /** The secret key of public row ids (data-access/row-key.ts). */
  rowKey: Buffer;
  /** The name content's user record holds (shown instead of the name stored from the token). */
  nameOf?: (email: string) => string | undefined;
}

export function bestRepository(db: Connection, { rowKey, nameOf = () => undefined }: BestRepositoryOptions) {
  const model = db.model<BestDoc>('Best', schema, 'bests');
  const publicId = (lessonId: string, email: string) => publicStandingId(rowKey, lessonId, email);
  return {
    model,
    /**
     * Keeps the better result (ties go to whoever got there first); resolves true when the standings changed.
     * Read by id first: most attempts do not beat the learner's best and then nothing is written. A conditional
     * upsert would be one call, but the local database reads every best for a filter beyond the id (see
     * lib-mongo ferretdb-writes.ts), so its cost grew with the number of learners.
     */
    async record(best: Omit<BestDoc, '_id'>): Promise<boolean> {
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
          if (!isDuplicateKey(error)) throw error;
        }
      }
    },
    /** The learner's best result per lesson (one document each), newest first. */
    async mine(email: string): Promise<OwnBest[]> {
      const rows = await model.find({ email }).sort({ achievedAt: -1 }).limit(1000).lean<BestDoc[]>().exec();
      return rows.map(({ lessonId, score, total, achievedAt }) => ({ lessonId, standingId: publicId(lessonId, email), score, total, achievedAt }));
    },
    async standings(lessonId: string): Promise<StandingRow[]> {
      const rows = await model.find({ lessonId }).sort({ score: -1, achievedAt: 1, _id: 1 }).limit(STANDINGS_LIMIT).lean<BestDoc[]>().exec();
      return rows.map((row) => ({ _id: publicId(row.lessonId, row.email), userInfo: { name: publicName(nameOf(row.email) ?? row.name) }, score: row.score, total: row.total }));
    },
  };
}
export type BestRepository = ReturnType<typeof bestRepository>;
