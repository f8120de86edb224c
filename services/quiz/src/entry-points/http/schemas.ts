import { z } from 'zod';
import { LETTERS } from '../../domain/answers';
import { lessonIdSchema } from '../../domain/ids';

export const MAX_QUESTIONS = 200;

const answer = z.enum(LETTERS, 'each answer must be A, B, C, D or null').nullable();

export const quizResultBody = z.object({
  quizId: lessonIdSchema,
  answers: z.union(
    [
      z.array(answer).max(MAX_QUESTIONS, `answers must have at most ${MAX_QUESTIONS} items`),
      z
        .record(z.string().regex(/^\d{1,3}$/, 'answer keys must be question numbers'), answer)
        .refine((map) => Object.keys(map).length <= MAX_QUESTIONS, `answers must have at most ${MAX_QUESTIONS} items`),
    ],
    'answers must be a list (or a map by question number) of A, B, C, D or null',
  ),
  // The client's userId (SPEC §7) is ignored: the learner is who the token says.
  userId: z.string().max(200).optional(),
});

export const quizResultResponse = z.object({
  attemptId: z.string(),
  score: z.number().int(),
  total: z.number().int(),
  reward: z.number().int(),
  gems: z.number().int().nullable(),
});

export const standingsParams = z.object({ lessonId: lessonIdSchema });

export const standingsResponse = z.array(
  z.object({ _id: z.string(), userInfo: z.object({ name: z.string() }), score: z.number().int(), total: z.number().int() }),
);

export const ownResultsResponse = z.array(
  z.object({ lessonId: z.string(), standingId: z.string().describe("the learner's own row id in GET /standings/{lessonId}"), score: z.number().int(), total: z.number().int(), reward: z.number().int(), at: z.string() }),
);

/** GET /family/children/{linkId}/learning (contracts' ChildLearning). */
export const childLearningResponse = z.object({
  lessons: z.array(
    z.object({
      lessonId: z.string(),
      lessonHeading: z.string(),
      score: z.number().int().describe("the child's best"),
      total: z.number().int(),
      attemptedAt: z.string().describe('ISO 8601, of the best attempt'),
      rank: z.number().int().min(1).nullable().describe("the child's place in the lesson's standings (1 = first), null when not ranked"),
      learners: z.number().int().min(0).describe('learners ranked in the lesson'),
    }),
  ),
});
