// Bodies and answers of the learning routes (issue 21; shapes: contracts/src/learning.ts).
import { z } from 'zod';
import { LETTERS } from '../../domain/answers';
import { lessonIdSchema } from '../../domain/ids';
import { MAX_QUESTIONS } from './schemas';

const letter = z.enum(LETTERS, 'each answer must be A, B, C or D');

export const lessonParams = z.object({ lessonId: lessonIdSchema });

export const practiceRunBody = z.object({
  lessonId: lessonIdSchema,
  answers: z.array(letter.nullable(), 'answers must be a list of A, B, C, D or null').max(MAX_QUESTIONS, `answers must have at most ${MAX_QUESTIONS} items`),
});

export const dailyReviewAnswerBody = z.object({
  lessonId: lessonIdSchema,
  question: z.number('question must be a question number').int('question must be a question number').min(0, 'question must be a question number').max(MAX_QUESTIONS - 1, 'question must be a question number'),
  answer: letter,
});

const practiceSummary = z.object({ best: z.number().int(), total: z.number().int(), count: z.number().int(), strongRuns: z.number().int(), lastAt: z.string() });
const progress = z.enum(['done', 'practised', 'mastered']);

export const answerReviewResponse = z.object({
  lessonId: z.string(),
  score: z.number().int(),
  total: z.number().int(),
  questions: z.array(z.object({ index: z.number().int(), chosen: letter.nullable(), correct: letter, isCorrect: z.boolean(), explanation: z.string().nullable() })),
});

export const practiceRunResponse = z.object({ lessonId: z.string(), score: z.number().int(), total: z.number().int(), practice: practiceSummary, progress });

export const progressResponse = z.array(z.object({ lessonId: z.string(), progress, practice: practiceSummary.nullable() }));

export const dailyReviewResponse = z.object({
  day: z.string().describe('the learner\'s day, YYYY-MM-DD (UTC)'),
  items: z.array(
    z.object({
      lessonId: z.string(),
      question: z.number().int(),
      answered: z.object({ answer: letter, isCorrect: z.boolean(), correct: letter, explanation: z.string().nullable() }).nullable(),
    }),
  ),
  completed: z.boolean().describe('every item answered (false when there is no item)'),
  gemEarned: z.boolean(),
  daysThisWeek: z.array(z.string()).describe('days of this week, Monday first, with a full review'),
});

export const dailyReviewAnswerResponse = z.object({ isCorrect: z.boolean(), correct: letter, explanation: z.string().nullable(), review: dailyReviewResponse });
