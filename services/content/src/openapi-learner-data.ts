// Erase and export (docs/SECURITY.md), kept beside the main document so it stays a one-line addition there.
const userId = { name: 'userId', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } };
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [String(code), { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]));

export const learnerDataPaths = {
  '/users/{userId}': {
    delete: {
      summary:
        "Erase a learner (admin; not an admin, not oneself): Keycloak account, record, photos, reviews here; publishes learner.erased so quiz, gems and gifts erase theirs. 202 once this service's part is done",
      security: [{ bearer: [] }],
      parameters: [userId],
      responses: { 202: { description: '{ message }' }, ...errors(400, 401, 403, 404, 409, 503) },
    },
  },
  '/users/{userId}/export': {
    get: {
      summary: 'Everything every service holds about the learner as one JSON download (admin, or the learner themself); Content-Disposition: attachment, Cache-Control: no-store',
      security: [{ bearer: [] }],
      parameters: [userId],
      responses: { 200: { description: '{ exportedAt, learner, account, content, quiz, gems, gifts }' }, ...errors(400, 401, 403, 404, 503) },
    },
  },
};
