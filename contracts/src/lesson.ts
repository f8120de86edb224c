// The lesson rules of SPEC §5 (Create Lesson), checked by the content service on POST /lessons and by the
// admin's lesson form before it sends: one definition, so the two can never drift apart.
import { z } from './zod';

/** The messages a broken rule shows (the form under its field, the service in its 400). */
export const lessonMessages = {
  headingRequired: 'Lesson heading is required.',
  partsRequired: 'A lesson needs at least 1 part.',
  quizRequired: 'A lesson needs at least 1 quiz question.',
  partNameRequired: 'Every part needs a name.',
  linkRequired: 'Every part needs a video link.',
  linkInvalid: 'Every video link must be a valid http(s) URL.',
  questionRequired: 'Every question needs text.',
  optionRequired: 'Every question needs options A, B, C and D.',
  correctAnswerInvalid: 'Every question needs a correct answer: A, B, C or D.',
  tooManyParts: 'A lesson can have at most 50 parts.',
  tooManyQuestions: 'A lesson can have at most 50 questions.',
  tooLong: 'This field is too long.',
} as const;

const m = lessonMessages;
/** The longest explanation of a question. */
export const EXPLANATION_MAX = 1000;
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
  /** Why the correct answer is right, shown to the learner after their attempt (optional; blank = none). */
  explanation: z.string().trim().max(EXPLANATION_MAX, { error: m.tooLong }).optional(),
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
