import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@kidslearn/lib-events';
import { outboxFields } from '@kidslearn/lib-mongo';
import type { Answer } from '../domain/answers';

export interface AttemptDoc {
  _id: string;
  lessonId: string;
  email: string;
  userId: string;
  name: string;
  answers: Answer[];
  score: number;
  total: number;
  reward: number;
  createdAt: Date;
  /** the learner's balance after gems settled this attempt (null until gems.credited arrives) */
  gems: number | null;
  credited: number | null;
  settledAt: Date | null;
  /** false until gems' outcome arrived: the reconciler looks for these (an equality, pushed down) */
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
    settled: { type: Boolean },
    scoredEvent: { type: Schema.Types.Mixed },
    ...outboxFields,
  },
  { versionKey: false },
);
schema.index({ email: 1, lessonId: 1 });
schema.index({ settled: 1, createdAt: 1 });

export function attemptRepository(db: Connection) {
  const model = db.model<AttemptDoc>('Attempt', schema, 'attempts');
  return {
    model,
    /** The attempt and its quiz.attempt.scored event are written together (outbox in the document). */
    async create(attempt: Omit<AttemptDoc, 'gems' | 'credited' | 'settledAt' | 'settled' | 'scoredEvent' | 'outbox'>, event: EventEnvelope): Promise<void> {
      await model.create({ ...attempt, gems: null, credited: null, settledAt: null, settled: false, scoredEvent: event, outbox: [event] });
    },
    async settledGems(attemptId: string): Promise<number | null> {
      const attempt = await model.findById(attemptId, { gems: 1 }).lean<Pick<AttemptDoc, 'gems'>>().exec();
      return attempt?.gems ?? null;
    },
    /**
     * gems.credited → record the outcome; idempotent: the first outcome stays (gems re-publishes it
     * when a request is re-driven; a late copy never rewrites it). Resolves with the gem total now
     * recorded for the attempt, or null for an unknown attempt.
     */
    async settle(attemptId: string, amount: number, balance: number): Promise<number | null> {
      const result = await model.updateOne({ _id: attemptId, settledAt: null }, { $set: { gems: balance, credited: amount, settledAt: new Date(), settled: true } });
      if (result.matchedCount === 1) return balance;
      const attempt = await model.findById(attemptId, { gems: 1 }).lean<Pick<AttemptDoc, 'gems'>>().exec();
      return attempt ? (attempt.gems ?? null) : null;
    },
    byLearner: (email: string) => model.find({ email }, { outbox: 0 }).sort({ createdAt: 1 }).lean<AttemptDoc[]>().exec(),
  };
}
export type AttemptRepository = ReturnType<typeof attemptRepository>;
