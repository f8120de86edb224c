import { Types, type Model } from 'mongoose';
import { createEvent } from '@kidslearn/contracts';
import { isDuplicateKeyError, type Outbox } from '@kidslearn/lib-mongo';
import { answerKeyOf, explanationsOf, withMissingExplanations, withoutBlankExplanations, type LessonView, type NewLesson } from '../domain/lesson';
import type { LessonsStore } from '../domain/ports';
import type { LessonDoc } from './models';

type StoredQuestion = LessonView['quiz'][number] & { explanation?: string | null };
type LessonLike = { _id: unknown; lessonHeading: string; parts: { name: string; link: string }[]; quiz: StoredQuestion[] };

export function toLessonView(doc: LessonLike): LessonView {
  return {
    _id: String(doc._id),
    lessonHeading: doc.lessonHeading,
    parts: doc.parts.map(({ name, link }) => ({ name, link })),
    quiz: doc.quiz.map(({ question, optionA, optionB, optionC, optionD, correctAnswer, explanation }) => ({
      question,
      optionA,
      optionB,
      optionC,
      optionD,
      correctAnswer,
      ...(explanation ? { explanation } : {}),
    })),
  };
}

/** The answer key and, aligned with it, the explanations (null where a question has none): quiz keeps both. */
export function lessonCreatedEvent(lessonId: string, lesson: Pick<NewLesson, 'lessonHeading' | 'quiz'>) {
  return createEvent('lesson.created', { lessonId, lessonHeading: lesson.lessonHeading, answerKey: answerKeyOf(lesson), explanations: explanationsOf(lesson) });
}

/** A lesson an admin has not deleted. */
const LIVE = { deletedAt: { $exists: false } };

/** Lessons in content's database, through their outbox (a lesson and its `lesson.created` are one insert). */
export function createLessonsStore(outbox: Outbox<LessonDoc>) {
  const Lesson: Model<LessonDoc> = outbox.model;
  const store: LessonsStore = {
    async list() {
      const docs = await Lesson.find(LIVE, { outbox: 0 }).sort({ createdAt: 1, _id: 1 }).lean();
      return docs.map((doc) => toLessonView(doc as LessonLike));
    },

    count: () => Lesson.countDocuments(LIVE).exec(),

    async remove(lessonId) {
      if (!/^[0-9a-f]{24}$/i.test(lessonId)) return false; // lesson ids are ObjectIds: any other id names none
      const { written } = await outbox.update({ _id: lessonId, ...LIVE }, { $set: { deletedAt: new Date() } }, [createEvent('lesson.deleted', { lessonId })]);
      return written;
    },

    async create(input) {
      const _id = new Types.ObjectId();
      const lesson = withoutBlankExplanations(input);
      const doc = await outbox.insert({ _id, ...lesson, createdAt: new Date() }, [lessonCreatedEvent(String(_id), lesson)]);
      return toLessonView(doc as unknown as LessonLike);
    },

    /**
     * `lesson.created` again for every live lesson, also one whose own event is still in its outbox (published,
     * or about to be: the relay removes it a moment later). Quiz applies it idempotently, so a quiz database that
     * is fresh while this one is not still learns every answer key and explanation.
     */
    async announcements() {
      const docs = await Lesson.find(LIVE, { outbox: 0 }).sort({ createdAt: 1, _id: 1 }).lean();
      return docs.map((doc) => lessonCreatedEvent(String(doc._id), toLessonView(doc as LessonLike) as NewLesson));
    },
  };

  /**
   * A demo lesson seeded before it had explanations gets the ones it lacks, with a `lesson.created` in the same
   * write (outbox), so quiz learns them even where start-up announcements are off. The answer key is unchanged.
   */
  async function explainSeeded(_id: string, demo: NewLesson): Promise<boolean> {
    const doc = await Lesson.findOne({ _id, ...LIVE }, { outbox: 0 }).lean();
    if (!doc) return false; // missing, or deleted by an admin: never brought back
    const view = toLessonView(doc as LessonLike) as NewLesson;
    const quiz = withMissingExplanations(view.quiz, demo.quiz);
    if (!quiz) return false;
    const { written } = await outbox.update({ _id, ...LIVE }, { $set: { quiz } }, [lessonCreatedEvent(_id, { ...view, quiz })]);
    return written;
  }

  return {
    ...store,
    /**
     * Idempotent seeding with fixed ids: a missing lesson is inserted with its event; one seeded earlier is
     * left as it is, except for the explanations it lacks (see explainSeeded). Running it again changes nothing.
     */
    async seed(lessons: (NewLesson & { _id: string })[]): Promise<{ inserted: number; explained: number }> {
      let inserted = 0;
      let explained = 0;
      for (const { _id, ...demo } of lessons) {
        const lesson = withoutBlankExplanations(demo);
        try {
          await outbox.insert({ _id, ...lesson, createdAt: new Date() }, [lessonCreatedEvent(_id, lesson)]);
          inserted += 1;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error; // seeded before
          if (await explainSeeded(_id, lesson)) explained += 1;
        }
      }
      return { inserted, explained };
    },
  };
}
