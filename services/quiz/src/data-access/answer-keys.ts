import { Schema, type Connection } from 'mongoose';
import type { Letter } from '../domain/answers';

export interface AnswerKeyDoc {
  _id: string;
  lessonHeading: string;
  answerKey: Letter[];
  createdAt: Date;
}

const schema = new Schema<AnswerKeyDoc>(
  {
    _id: { type: String, required: true },
    lessonHeading: { type: String, required: true },
    answerKey: { type: [String], required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/** Answer keys by lesson id. Only the server reads them; they never leave this service. */
export function answerKeyRepository(db: Connection) {
  const model = db.model<AnswerKeyDoc>('AnswerKey', schema, 'answerKeys');
  return {
    model,
    find: (lessonId: string) => model.findById(lessonId).lean<AnswerKeyDoc>().exec(),
    /** Idempotent: a redelivered lesson.created writes the same key again. */
    async save(lessonId: string, lessonHeading: string, answerKey: Letter[]): Promise<void> {
      await model.updateOne(
        { _id: lessonId },
        { $set: { lessonHeading, answerKey }, $setOnInsert: { createdAt: new Date() } },
        { upsert: true },
      );
    },
  };
}
export type AnswerKeyRepository = ReturnType<typeof answerKeyRepository>;
