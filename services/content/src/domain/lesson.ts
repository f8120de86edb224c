import { z } from 'zod';
import { messages } from '../messages';

const m = messages.lesson;
export const LETTERS = ['A', 'B', 'C', 'D'] as const;
export type Letter = (typeof LETTERS)[number];

// Required text: must be a string, trimmed, not empty, bounded.
const text = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: m.tooLong });

const httpUrl = text(m.linkRequired, 2048).refine(
  (value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { error: m.linkInvalid },
);

export const partSchema = z.object({ name: text(m.partNameRequired, 200), link: httpUrl });

export const questionSchema = z.object({
  question: text(m.questionRequired, 500),
  optionA: text(m.optionRequired, 200),
  optionB: text(m.optionRequired, 200),
  optionC: text(m.optionRequired, 200),
  optionD: text(m.optionRequired, 200),
  correctAnswer: z.enum(LETTERS, { error: m.correctAnswerInvalid }),
});

export const createLessonSchema = z.object({
  lessonHeading: text(m.headingRequired, 200),
  parts: z
    .array(partSchema, { error: m.partsRequired })
    .min(1, { error: m.partsRequired })
    .max(50, { error: m.tooManyParts }),
  quiz: z
    .array(questionSchema, { error: m.quizRequired })
    .min(1, { error: m.quizRequired })
    .max(50, { error: m.tooManyQuestions }),
});

export type NewLesson = z.infer<typeof createLessonSchema>;
export type Question = z.infer<typeof questionSchema>;
export type PublicQuestion = Omit<Question, 'correctAnswer'> & { correctAnswer?: Letter };

export interface LessonView {
  _id: string;
  lessonHeading: string;
  parts: { name: string; link: string }[];
  quiz: PublicQuestion[];
}

/** The answer key the quiz service keeps: one letter per question, in order. */
export function answerKeyOf(lesson: Pick<NewLesson, 'quiz'>): Letter[] {
  return lesson.quiz.map((q) => q.correctAnswer);
}

/** Learners and visitors never receive correct answers; only admins see the full quiz. */
export function forAudience(lessons: LessonView[], isAdmin: boolean): LessonView[] {
  if (isAdmin) return lessons;
  return lessons.map((lesson) => ({
    ...lesson,
    quiz: lesson.quiz.map(({ question, optionA, optionB, optionC, optionD }) => ({ question, optionA, optionB, optionC, optionD })),
  }));
}
