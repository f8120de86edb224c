import { z } from 'zod';
import { familyPaths } from './openapi-family';
import { learnerDataPaths } from './openapi-learner-data';
import { learningPaths } from './openapi-learning';
import { ownResultsResponse, quizResultBody, quizResultResponse, standingsParams, standingsResponse } from './entry-points/http/schemas';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) } });
const error = (description: string) => ({ description, content: json(z.object({ error: z.string(), message: z.string() })) });
const bearer = [{ bearer: [] }];

export const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'KidsLearn quiz service', version: '1.0.0', description: 'Scores quiz attempts on the server, keeps per-lesson standings, and what a learner learns from after a quiz: the review of their attempt, practice, progress and the daily review.' },
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  paths: {
    '/quiz-results': {
      post: {
        summary: 'Submit the answers of a quiz (learners only); the server scores it and waits briefly for the gem credit',
        security: bearer,
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } }],
        requestBody: { required: true, content: json(quizResultBody) },
        responses: {
          '201': { description: 'Scored; gems is the new total or null if not settled in time', content: json(quizResultResponse) },
          '400': error('Bad input'),
          '401': error('Not signed in'),
          '403': error('Not a learner'),
          '404': error('Lesson not found'),
        },
      },
    },
    '/quiz-results/mine': {
      get: {
        summary: "The signed-in learner's own results: per lesson the best score, its reward and when",
        security: bearer,
        responses: {
          '200': { description: 'One row per attempted lesson, newest first', content: json(ownResultsResponse) },
          '401': error('Not signed in'),
          '403': error('Not a learner'),
        },
      },
    },
    '/standings/{lessonId}': {
      get: {
        summary: "A lesson's standings: learners by best score, ties to who got there first (with PARENT_CONSENT=required, only learners a parent consented for)",
        security: bearer,
        parameters: [{ name: 'lessonId', in: 'path', required: true, schema: z.toJSONSchema(standingsParams.shape.lessonId) }],
        responses: {
          '200': { description: 'Rows, best first', content: json(standingsResponse) },
          '400': error('Bad lesson id'),
          '401': error('Not signed in'),
          '404': error('Lesson not found'),
        },
      },
    },
    ...learningPaths,
    ...learnerDataPaths,
    ...familyPaths,
  },
};
