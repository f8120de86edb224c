import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@kidslearn/lib-mongo';
import type { Cache } from '@kidslearn/lib-redis';
import type { Best, BestStore } from '../domain/ports';
import { publicName } from '../domain/public-name';
import { publicStandingId, standingId } from '../domain/standing-id';
import { ownBestsCache } from './own-bests-cache';

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
  /**
   * PARENT_CONSENT=required (issue 24): only these learners are ranked (the standings and a parent's view of a
   * child's places), read when a list is built. Absent: every learner is, with no extra read.
   */
  rankedAmong?: () => Promise<string[]>;
  /** Where a learner's bests are cached for `bestsOf` (absent: read from the database each time). */
  ownBests?: { cache: Cache; ttlSeconds: number };
}

export function bestRepository(db: Connection, { rowKey, namesOf = async () => new Map(), rankedAmong, ownBests }: BestRepositoryOptions) {
  const model = db.model<BestDoc>('Best', schema, 'bests');
  const publicId = (lessonId: string, email: string) => publicStandingId(rowKey, lessonId, email);
  const mine = async (email: string) => {
    const rows = await model.find({ email }).sort({ achievedAt: -1 }).limit(1000).lean<BestDoc[]>().exec();
    return rows.map(({ lessonId, score, total, achievedAt }) => ({ lessonId, standingId: publicId(lessonId, email), score, total, achievedAt }));
  };
  const cached = ownBests ? ownBestsCache(ownBests.cache, ownBests.ttlSeconds, mine) : undefined;
  const store: BestStore = {
    /**
     * Keeps the better result (ties go to whoever got there first); resolves true when the standings changed.
     * One guarded upsert decides in the database, so a better result stored meanwhile (another instance) is kept:
     * it inserts the learner's first best or raises a lower one; when the stored best is at least as good, the
     * guard matches nothing and the upsert's insert collides with that document's id (nothing is written). A read
     * first cost a command more for every first best and every better one.
     */
    async record(best) {
      const { lessonId, email, ...rest } = best;
      const _id = standingId(lessonId, email);
      try {
        await model.updateOne({ _id, score: { $lt: best.score } }, { $set: rest, $setOnInsert: { lessonId, email } }, { upsert: true }).exec();
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
      await cached?.forget(email);
      return true;
    },
    mine,
    async standings(lessonId) {
      const filter = rankedAmong ? { lessonId, email: { $in: await rankedAmong() } } : { lessonId };
      const rows = await model.find(filter).sort({ score: -1, achievedAt: 1, _id: 1 }).limit(STANDINGS_LIMIT).lean<BestDoc[]>().exec();
      const names = await namesOf(rows.map((row) => row.email));
      return rows.map((row) => ({ _id: publicId(row.lessonId, row.email), userInfo: { name: publicName(names.get(row.email) ?? row.name) }, score: row.score, total: row.total }));
    },
  };
  return {
    ...store,
    model,
    /** The learner's bests as `mine`, from the cache when there is one (a parent's view of a child). */
    bestsOf: (email: string) => (cached ? cached.bestsOf(email) : mine(email)),
    /** The learner's cached bests go (erasure). */
    forget: async (email: string) => void (await cached?.forget(email)),
    /**
     * Every ranked learner of these lessons as row ids, in the standings' order (one query for all the lessons:
     * a lookup per lesson would cost a query each). Only `rankedAmong` when set, as in the standings.
     */
    async rankings(lessonIds: readonly string[]): Promise<Map<string, string[]>> {
      const byLesson = new Map(lessonIds.map((lessonId) => [lessonId, [] as string[]]));
      if (lessonIds.length === 0) return byLesson;
      const filter = rankedAmong ? { lessonId: { $in: lessonIds }, email: { $in: await rankedAmong() } } : { lessonId: { $in: lessonIds } };
      const rows = await model.find(filter, { lessonId: 1 }).sort({ lessonId: 1, score: -1, achievedAt: 1, _id: 1 }).lean<Pick<BestDoc, '_id' | 'lessonId'>[]>().exec();
      for (const row of rows) byLesson.get(row.lessonId)?.push(row._id);
      return byLesson;
    },
  };
}
export type BestRepository = ReturnType<typeof bestRepository>;
