import type { NewLesson } from '@kidslearn/contracts';

/** The form's values: the lesson as typed (the correct answer may still be unchosen). */
export type LessonForm = Omit<NewLesson, 'quiz'> & { quiz: (Omit<NewLesson['quiz'][number], 'correctAnswer'> & { correctAnswer: NewLesson['quiz'][number]['correctAnswer'] | '' })[] };

/** SPEC §4/§9: a new form starts with 3 empty parts and 5 empty questions. */
export const DEFAULT_PARTS = 3;
export const DEFAULT_QUESTIONS = 5;

export const emptyPart = (): LessonForm['parts'][number] => ({ name: '', link: '' });
export const emptyQuestion = (): LessonForm['quiz'][number] => ({ question: '', optionA: '', optionB: '', optionC: '', optionD: '', correctAnswer: '', explanation: '' });

export function emptyLesson(): LessonForm {
  return {
    lessonHeading: '',
    parts: Array.from({ length: DEFAULT_PARTS }, emptyPart),
    quiz: Array.from({ length: DEFAULT_QUESTIONS }, emptyQuestion),
  };
}

/** The lesson as sent: a question whose explanation was left blank is sent without one (none is stored). */
export function lessonToSend(lesson: NewLesson): NewLesson {
  return { ...lesson, quiz: lesson.quiz.map(({ explanation, ...question }) => (explanation?.trim() ? { ...question, explanation: explanation.trim() } : question)) };
}
