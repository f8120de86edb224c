import { LETTERS, createLessonSchema, partSchema, questionSchema, type Letter, type NewLesson, type Question } from '@kidslearn/contracts';

export { LETTERS, createLessonSchema, partSchema, questionSchema, type Letter, type NewLesson, type Question };

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
