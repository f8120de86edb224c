import { createEvent, type EventEnvelope } from '@kidslearn/lib-events';
import { answerKeyOf, type LessonView, type NewLesson } from '../domain/lesson';
import type { Models } from './models';

type LessonLike = { _id: unknown; lessonHeading: string; parts: { name: string; link: string }[]; quiz: LessonView['quiz'] };

export function toLessonView(doc: LessonLike): LessonView {
  return {
    _id: String(doc._id),
    lessonHeading: doc.lessonHeading,
    parts: doc.parts.map(({ name, link }) => ({ name, link })),
    quiz: doc.quiz.map(({ question, optionA, optionB, optionC, optionD, correctAnswer }) => ({ question, optionA, optionB, optionC, optionD, correctAnswer })),
  };
}

export function lessonCreatedEvent(lessonId: string, lesson: NewLesson) {
  return createEvent('lesson.created', { lessonId, lessonHeading: lesson.lessonHeading, answerKey: answerKeyOf(lesson) });
}

export function createLessonsStore({ Lesson }: Models) {
  return {
    async list(): Promise<LessonView[]> {
      const docs = await Lesson.find({}, { outbox: 0 }).sort({ createdAt: 1, _id: 1 }).lean();
      return docs.map((doc) => toLessonView(doc as LessonLike));
    },

    count: () => Lesson.countDocuments({}),

    /** The lesson and its `lesson.created` event are written in one document (outbox). */
    async create(input: NewLesson): Promise<LessonView> {
      const doc = new Lesson({ ...input });
      doc.set('outbox', [lessonCreatedEvent(String(doc._id), input)]);
      await doc.save();
      return toLessonView(doc.toObject() as LessonLike);
    },

    /**
     * `lesson.created` again for every lesson whose own event already left the outbox (a lesson
     * still holding it is published by the relay anyway). Quiz applies it idempotently, so a quiz
     * database that is fresh while this one is not still learns every answer key.
     */
    async announcements(): Promise<EventEnvelope[]> {
      const docs = await Lesson.find({}).sort({ createdAt: 1, _id: 1 }).lean();
      return docs
        .filter((doc) => !doc.outbox?.length)
        .map((doc) => lessonCreatedEvent(String(doc._id), toLessonView(doc as LessonLike) as NewLesson));
    },

    /** Idempotent seeding with fixed ids; the event is only queued when the lesson is new. */
    async seed(lessons: (NewLesson & { _id: string })[]): Promise<number> {
      let inserted = 0;
      for (const { _id, ...lesson } of lessons) {
        const result = await Lesson.updateOne(
          { _id },
          { $setOnInsert: { ...lesson, createdAt: new Date(), outbox: [lessonCreatedEvent(_id, lesson)] } },
          { upsert: true },
        );
        inserted += result.upsertedCount;
      }
      return inserted;
    },
  };
}

export type LessonsStore = ReturnType<typeof createLessonsStore>;
