import { Types, type Model } from 'mongoose';
import { createEvent } from '@kidslearn/contracts';
import { isDuplicateKeyError, type Outbox } from '@kidslearn/lib-mongo';
import { answerKeyOf, type LessonView, type NewLesson } from '../domain/lesson';
import type { LessonsStore } from '../domain/ports';
import type { LessonDoc } from './models';

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

/** Lessons in content's database, through their outbox (a lesson and its `lesson.created` are one insert). */
export function createLessonsStore(outbox: Outbox<LessonDoc>) {
  const Lesson: Model<LessonDoc> = outbox.model;
  const store: LessonsStore = {
    async list() {
      const docs = await Lesson.find({}, { outbox: 0 }).sort({ createdAt: 1, _id: 1 }).lean();
      return docs.map((doc) => toLessonView(doc as LessonLike));
    },

    count: () => Lesson.countDocuments({}).exec(),

    async create(input) {
      const _id = new Types.ObjectId();
      const doc = await outbox.insert({ _id, ...input, createdAt: new Date() }, [lessonCreatedEvent(String(_id), input)]);
      return toLessonView(doc as unknown as LessonLike);
    },

    /**
     * `lesson.created` again for every lesson whose own event already left the outbox (a lesson
     * still holding it is published by the relay anyway). Quiz applies it idempotently, so a quiz
     * database that is fresh while this one is not still learns every answer key.
     */
    async announcements() {
      const docs = await Lesson.find({}).sort({ createdAt: 1, _id: 1 }).lean();
      return docs
        .filter((doc) => !doc.outbox?.length)
        .map((doc) => lessonCreatedEvent(String(doc._id), toLessonView(doc as LessonLike) as NewLesson));
    },

  };
  return {
    ...store,
    /** Idempotent seeding with fixed ids; the event is only written when the lesson is new. */
    async seed(lessons: (NewLesson & { _id: string })[]): Promise<number> {
      let inserted = 0;
      for (const { _id, ...lesson } of lessons) {
        try {
          await outbox.insert({ _id, ...lesson, createdAt: new Date() }, [lessonCreatedEvent(_id, lesson)]);
          inserted += 1;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error; // seeded before
        }
      }
      return inserted;
    },
  };
}
