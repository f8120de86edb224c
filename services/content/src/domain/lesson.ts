import { LETTERS, createLessonSchema, partSchema, questionSchema, type Letter, type NewLesson, type Question } from '@kidslearn/contracts';

export { LETTERS, createLessonSchema, partSchema, questionSchema, type Letter, type NewLesson, type Question };

/** What a learner or visitor may see of a question; admins also get `correctAnswer` and `explanation`. */
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

/** One entry per question, aligned with the answer key: its explanation, or null when it has none. */
export function explanationsOf(lesson: { quiz: { explanation?: string | null }[] }): (string | null)[] {
  return lesson.quiz.map((q) => q.explanation?.trim() || null);
}

/** The lesson as stored: a blank explanation is no explanation (the field is left out, not kept empty). */
export function withoutBlankExplanations<L extends Pick<NewLesson, 'quiz'>>(lesson: L): L {
  return {
    ...lesson,
    quiz: lesson.quiz.map(({ explanation, ...question }) => {
      const text = explanation?.trim();
      return text ? { ...question, explanation: text } : question;
    }),
  };
}

/**
 * A stored quiz with the explanations it lacks taken from `source` (the demo lesson of the same id), or null
 * when there is nothing to add. Only a question that is the same in both (text and correct answer, at the same
 * place) gets one, so an explanation never lands on a question it was not written for.
 */
export function withMissingExplanations<Q extends Question>(stored: Q[], source: Question[]): Q[] | null {
  let added = 0;
  const quiz = stored.map((question, index) => {
    const from = source[index];
    const text = from?.explanation?.trim();
    if (question.explanation?.trim() || !from || !text || from.question !== question.question || from.correctAnswer !== question.correctAnswer) return question;
    added += 1;
    return { ...question, explanation: text };
  });
  return added > 0 ? quiz : null;
}

/**
 * Learners and visitors never receive correct answers nor explanations (quiz shows those only after the
 * learner's attempt); only admins see the full quiz. The fields are picked, never spread, so a field added
 * to questions later stays private until it is listed here.
 */
export function forAudience(lessons: LessonView[], isAdmin: boolean): LessonView[] {
  if (isAdmin) return lessons;
  return lessons.map((lesson) => ({
    ...lesson,
    quiz: lesson.quiz.map(({ question, optionA, optionB, optionC, optionD }) => ({ question, optionA, optionB, optionC, optionD })),
  }));
}
