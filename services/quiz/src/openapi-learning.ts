// The learning routes (issue 21), kept beside the main document so they stay one line there.
import { z } from 'zod';
import { answerReviewResponse, dailyReviewAnswerBody, dailyReviewAnswerResponse, dailyReviewResponse, lessonParams, practiceRunBody, practiceRunResponse, progressResponse } from './entry-points/http/learning-schemas';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) } });
const error = (description: string) => ({ description, content: json(z.object({ error: z.string(), message: z.string() })) });
const bearer = [{ bearer: [] }];
const learnerOnly = { '401': error('Not signed in'), '403': error('Not a learner') };
const testNow = { name: 'X-Test-Now', in: 'header', required: false, description: 'tests only: "now" (ISO 8601), honoured only by a service started with ALLOW_TEST_CLOCK', schema: { type: 'string' } };

export const learningPaths = {
  '/quiz-results/progress': {
    get: {
      summary: "The signed-in learner's progress per lesson they took the quiz of: done, practised or mastered, with their practice runs",
      security: bearer,
      responses: { '200': { description: 'One row per attempted lesson, newest first', content: json(progressResponse) }, ...learnerOnly },
    },
  },
  '/quiz-results/{lessonId}/review': {
    get: {
      summary: "The learner's own recorded attempt of a lesson, question by question, with the right letter and the explanation (only after that learner's attempt)",
      security: bearer,
      parameters: [{ name: 'lessonId', in: 'path', required: true, schema: z.toJSONSchema(lessonParams.shape.lessonId) }],
      responses: {
        '200': { description: 'The review of the attempt behind the learner\'s best', content: json(answerReviewResponse) },
        '400': error('Bad lesson id'),
        ...learnerOnly,
        '404': error('No attempt of this learner for this lesson'),
      },
    },
  },
  '/practice-results': {
    post: {
      summary: 'A finished practice run (learners, after the lesson\'s quiz): scored on the server and counted; no gems, no standings',
      security: bearer,
      parameters: [testNow],
      requestBody: { required: true, content: json(practiceRunBody) },
      responses: {
        '201': { description: 'Scored; the practice summary and the lesson\'s progress after it', content: json(practiceRunResponse) },
        '400': error('Bad input (answers must match the quiz\'s length)'),
        ...learnerOnly,
        '404': error('Lesson not found'),
        '409': error("Take this lesson's quiz first."),
      },
    },
  },
  '/daily-review': {
    get: {
      summary: "Today's spaced review (UTC day): at most 5 questions of finished lessons that are due, mixed across lessons; fixed at the day's first read",
      security: bearer,
      parameters: [testNow],
      responses: { '200': { description: "Today's items (feedback once answered), whether completed, the day's gem and this week's days", content: json(dailyReviewResponse) }, ...learnerOnly },
    },
  },
  '/daily-review/answers': {
    post: {
      summary: "One answer to one of today's review questions; a repeat answers the first answer's feedback and changes nothing",
      security: bearer,
      parameters: [testNow],
      requestBody: { required: true, content: json(dailyReviewAnswerBody) },
      responses: {
        '200': { description: 'The feedback and the review as it stands now', content: json(dailyReviewAnswerResponse) },
        '400': error('Bad input'),
        ...learnerOnly,
        '404': error("This question is not in today's review."),
      },
    },
  },
};
