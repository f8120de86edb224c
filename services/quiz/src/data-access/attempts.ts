import { Schema, type Connection, type Model } from 'mongoose';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { groupCommit, isDuplicateKeyError, outboxFields, reconcilerFields, type Outbox } from '@kidslearn/lib-mongo';
import type { Attempt, AttemptStore } from '../domain/ports';

export interface AttemptDoc extends Attempt {
  credited: number | null;
  settledAt: Date | null;
  /** false until gems' outcome arrived: the reconciler looks for these */
  settled: boolean;
  /** the quiz.attempt.scored event as first written: the reconciler re-sends it (same id, so gems sees a duplicate) */
  scoredEvent: EventEnvelope;
  outbox: EventEnvelope[];
}

const schema = new Schema<AttemptDoc>(
  {
    _id: { type: String, required: true },
    lessonId: { type: String, required: true },
    email: { type: String, required: true },
    userId: { type: String, required: true },
    name: { type: String, required: true },
    answers: { type: [Schema.Types.Mixed], required: true },
    score: { type: Number, required: true },
    total: { type: Number, required: true },
    reward: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    gems: { type: Number, default: null },
    credited: { type: Number, default: null },
    settledAt: { type: Date, default: null },
    settled: { type: Boolean, required: true },
    scoredEvent: { type: Schema.Types.Mixed, required: true },
    ...outboxFields,
    ...reconcilerFields,
  },
  { versionKey: false },
);
schema.index({ email: 1, lessonId: 1 });
schema.index({ settled: 1, createdAt: 1 });

const PUBLIC = { outbox: 0, scoredEvent: 0, processedEventIds: 0 } as const;

/** `outboxOf` gives the attempts' outbox (lib-service: the service's relay). */
export function attemptRepository(db: Connection, outboxOf: (model: Model<AttemptDoc>) => Outbox<AttemptDoc>) {
  const model = db.model<AttemptDoc>('Attempt', schema, 'attempts');
  const outbox = outboxOf(model);
  /** Resolves true for each when every guard of the group matched (each attempt took this outcome). */
  const settleInGroup = groupCommit(async (outcomes: Array<{ attemptId: string; amount: number; balance: number }>) => {
    const settledAt = new Date();
    const result = await model.bulkWrite(
      outcomes.map(({ attemptId, amount, balance }) => ({
        updateOne: { filter: { _id: attemptId, settledAt: null }, update: { $set: { gems: balance, credited: amount, settledAt, settled: true } } },
      })),
      // In order, as the outcomes came: of two copies for one attempt the first is recorded, as one by one.
      { ordered: true },
    );
    return outcomes.map(() => result.matchedCount === outcomes.length);
  });
  const store: AttemptStore = {
    async create(attempt, event) {
      try {
        await outbox.insert({ ...attempt, gems: null, credited: null, settledAt: null, settled: false, scoredEvent: event }, [event]);
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    find: (attemptId) => model.findById(attemptId, PUBLIC).lean<Attempt>().exec(),
    republish: (attemptId) => outbox.kick(attemptId),
    async settledGems(attemptId) {
      const attempt = await model.findById(attemptId, { gems: 1 }).lean<Pick<AttemptDoc, 'gems'>>().exec();
      return attempt?.gems ?? null;
    },
    /**
     * gems.credited → record the outcome; idempotent: the first outcome stays (gems re-publishes it when a request
     * is re-driven; a late copy never rewrites it). Recorded in groups (one bulk write per round trip under load);
     * when a group's guards did not all match, each of its attempts reads the outcome it holds.
     */
    async settle(attemptId, amount, balance) {
      if (await settleInGroup({ attemptId, amount, balance })) return balance;
      const attempt = await model.findById(attemptId, { gems: 1 }).lean<Pick<AttemptDoc, 'gems'>>().exec();
      return attempt ? (attempt.gems ?? null) : null;
    },
  };
  return {
    ...store,
    model,
    outbox,
    byLearner: (email: string) => model.find({ email }, PUBLIC).sort({ createdAt: 1 }).lean<Attempt[]>().exec(),
  };
}
export type AttemptRepository = ReturnType<typeof attemptRepository>;
