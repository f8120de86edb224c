import { z } from 'zod';
import { changeAvatarSchema } from './domain/avatar';
import { createLessonSchema } from './domain/lesson';
import { createReviewSchema, setReviewHiddenSchema } from './domain/review';
import { upsertUserSchema } from './domain/user';
import { messages } from './messages';
import { familyPaths } from './openapi-family';
import { learnerDataPaths } from './openapi-learner-data';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
const json = (s: object) => ({ content: { 'application/json': { schema: s } } });
const bearer = [{ bearer: [] }];
const error = { description: 'Error', ...json({ $ref: '#/components/schemas/Error' }) };
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [String(c), error]));
const emailQuery = { name: 'email', in: 'query', required: true, schema: { type: 'string' } };
const userIdParam = { name: 'userId', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } };
const user = { $ref: '#/components/schemas/User' };

export const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'KidsLearn content service', version: '1.0.0', description: 'Lessons, reviews, avatars, the user directory and registration.' },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    schemas: {
      Error: { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' } } },
      User: {
        type: 'object',
        properties: {
          _id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, role: { enum: ['user', 'admin'] },
          gems: { type: 'number' }, img: { type: 'string' }, created_At: { type: 'string' }, last_log_in: { type: 'string' },
        },
      },
      NewLesson: schema(createLessonSchema),
      NewReview: schema(createReviewSchema),
    },
  },
  paths: {
    '/lessons': {
      get: {
        summary: 'All lessons; correctAnswer and explanation only for admins',
        description: 'Learners and visitors get each question with its options only: never the correct answer, never the explanation (quiz shows those after the attempt).',
        responses: { 200: { description: 'Lessons' } },
      },
      post: {
        summary: 'Create a lesson (admin); publishes lesson.created',
        description: 'Each question may carry an explanation (at most 1000 characters; blank = none), stored with the lesson and sent in lesson.created as `explanations`, aligned with `answerKey`.',
        security: bearer,
        requestBody: json({ $ref: '#/components/schemas/NewLesson' }),
        responses: { 201: { description: 'Created' }, ...errors(400, 401, 403) },
      },
    },
    '/lessons/{lessonId}': {
      delete: {
        summary: 'Delete a lesson (admin); publishes lesson.deleted',
        description: 'The lesson is no longer listed or announced; quiz stops taking and ranking it. Attempts and gems already earned stay.',
        security: bearer,
        parameters: [{ name: 'lessonId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 204: { description: 'Deleted' }, ...errors(401, 403, 404) },
      },
    },
    '/review': {
      get: { summary: 'Published reviews, newest first, never an email (hidden ones left out)', responses: { 200: { description: 'Reviews' } } },
      post: { summary: 'Leave a review (rate limited per IP); one the blocklist holds back is stored hidden and flagged, answered the same', requestBody: json({ $ref: '#/components/schemas/NewReview' }), responses: { 201: { description: 'The review' }, ...errors(400, 429) } },
    },
    '/avaters': { get: { summary: 'Avatar catalogue: [{img}]', responses: { 200: { description: 'Avatars' } } } },
    '/avater/{email}': {
      patch: {
        summary: 'Change avatar (self or admin); img must be a catalogue avatar or the own photo',
        security: bearer,
        parameters: [{ name: 'email', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: json(schema(changeAvatarSchema)),
        responses: { 200: json(user), ...errors(400, 401, 403, 404) },
      },
    },
    '/users': {
      post: { summary: "Upsert the caller's own record after sign-in (role and gems from the client are ignored)", security: bearer, requestBody: json(schema(upsertUserSchema)), responses: { 200: json(user), 201: json(user), ...errors(400, 401, 403) } },
      get: { summary: 'With ?email= (self or admin): [user]; without: all users (admin)', security: bearer, parameters: [{ ...emailQuery, required: false }], responses: { 200: { description: 'Users' }, ...errors(400, 401, 403) } },
    },
    '/users/email': { get: { summary: 'One user by email (self or admin)', security: bearer, parameters: [emailQuery], responses: { 200: json(user), ...errors(400, 401, 403, 404) } } },
    '/users/search': { get: { summary: `Find a user by email (admin); 404 '${messages.user.notFound}'`, security: bearer, parameters: [emailQuery], responses: { 200: json(user), ...errors(400, 401, 403, 404) } } },
    '/users/{userId}/make-admin': { put: { summary: 'Promote (admin): the Keycloak realm role, mirrored on the record', security: bearer, parameters: [userIdParam], responses: { 200: json(user), ...errors(400, 401, 403, 404) } } },
    '/users/{userId}/remove-admin': { put: { summary: `Demote (admin; not oneself → 409; not the last admin → 409 '${messages.user.lastAdmin}'); a user who is not admin comes back unchanged`, security: bearer, parameters: [userIdParam], responses: { 200: json(user), ...errors(400, 401, 403, 404, 409) } } },
    '/admin/reviews': {
      get: {
        summary: 'Every review, hidden ones too, newest first, one page with the total (admin); no emails',
        security: bearer,
        parameters: [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } }, { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } }],
        responses: { 200: { description: '{ items: [{ _id, name, title, message, createdAt, hidden, flagged, flagReason? }], total, page, limit }' }, ...errors(400, 401, 403) },
      },
    },
    '/admin/reviews/{id}': {
      patch: {
        summary: 'Hide or show a review (admin); the landing page follows at once',
        security: bearer,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } }],
        requestBody: json(schema(setReviewHiddenSchema)),
        responses: { 200: { description: 'The review as admins see it' }, ...errors(400, 401, 403, 404) },
      },
    },
    '/admin/overview': { get: { summary: 'totalLesson, totalAdmin, totalUsers (admin)', security: bearer, responses: { 200: { description: 'Counts' }, ...errors(401, 403) } } },
    '/registrations': {
      post: {
        summary: 'Register (multipart: name, email, password, terms, image ≤ 2 MB PNG/JPEG/WebP/GIF); rate limited per IP',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['name', 'email', 'password', 'terms', 'image'],
                properties: { name: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, terms: { type: 'string' }, image: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
        responses: { 201: { description: messages.registration.success }, ...errors(400, 409, 413, 429) },
      },
    },
    '/photos/{id}': { get: { summary: 'A registration photo', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'Image' }, ...errors(404) } } },
    '/assets/content/avatars/{file}': { get: { summary: 'Avatar SVG files', parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'SVG' } } } },
    ...learnerDataPaths,
    ...familyPaths,
  },
};
