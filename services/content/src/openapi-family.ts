// Families (issue 24; docs/CONTRACTS.md "Families"), kept beside the main document so it stays a one-line addition there.
const linkId = { name: 'linkId', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' } };
const token = { name: 'token', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{20,100}$' } };
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [String(code), { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]));
const json = (properties: Record<string, unknown>, required: string[]) => ({ required: true, content: { 'application/json': { schema: { type: 'object', properties, required } } } });
const bearer = [{ bearer: [] }];

export const familyPaths = {
  '/family/parent': {
    get: { summary: 'The parent the learner named and their answer: { parentEmail, status: none|invited|consented, consentMode } (learner)', security: bearer, responses: { 200: { description: 'MyParent' }, ...errors(401, 403) } },
    put: {
      summary: 'Name a parent (learner): a new invitation mail replaces one not answered; 409 once a parent agreed',
      security: bearer,
      requestBody: json({ parentEmail: { type: 'string', format: 'email' } }, ['parentEmail']),
      responses: { 200: { description: 'MyParent' }, ...errors(400, 401, 403, 409) },
    },
  },
  '/family/invitations/{token}': {
    get: { summary: "The open invitation the mail's link names: { childName, parentEmail, hasAccount, expiresAt } (anyone with the link)", parameters: [token], responses: { 200: { description: 'FamilyInvitation' }, ...errors(400, 404, 429) } },
  },
  '/family/parents': {
    post: {
      summary: 'A verified parent account (realm role parent) for the invited address (anyone with the link); 409 when the address has an account',
      requestBody: json({ token: { type: 'string' }, name: { type: 'string', maxLength: 80 }, password: { type: 'string' } }, ['token', 'name', 'password']),
      responses: { 201: { description: '{}' }, ...errors(400, 404, 409, 429) },
    },
  },
  '/family/consents': {
    post: {
      summary: "The invited parent agrees (the link is made: family.linked) or refuses (the child's account and data are erased)",
      security: bearer,
      requestBody: json({ token: { type: 'string' }, decision: { type: 'string', enum: ['agree', 'refuse'] } }, ['token', 'decision']),
      responses: { 200: { description: '{ decision, child? }' }, ...errors(400, 401, 403, 404) },
    },
  },
  '/family/children': {
    get: { summary: "The parent's consented children: FamilyChild[] (parent)", security: bearer, responses: { 200: { description: 'FamilyChild[]' }, ...errors(401, 403) } },
  },
  '/family/children/{linkId}': {
    patch: {
      summary: 'Approve gifts and the monthly gem limit (the parent; family.linked with a newer version); another parent\'s child is 404',
      security: bearer,
      parameters: [linkId],
      requestBody: json({ approveGifts: { type: 'boolean' }, monthlyGemCap: { type: ['integer', 'null'], minimum: 0, maximum: 100000 } }, []),
      responses: { 200: { description: 'FamilyChild' }, ...errors(400, 401, 403, 404, 409) },
    },
    delete: { summary: "Erase the child's account and data everywhere (the parent; learner.erased)", security: bearer, parameters: [linkId], responses: { 202: { description: '{ message }' }, ...errors(401, 403, 404) } },
  },
  '/family/children/{linkId}/consent': {
    delete: { summary: 'Withdraw consent (the parent): the link goes (family.unlinked); the child keeps their account', security: bearer, parameters: [linkId], responses: { 204: { description: 'Withdrawn' }, ...errors(401, 403, 404) } },
  },
  '/family/children/{linkId}/export': {
    get: { summary: "The child's data as one JSON download, as the child's own export (the parent)", security: bearer, parameters: [linkId], responses: { 200: { description: 'LearnerExport' }, ...errors(401, 403, 404, 503) } },
  },
};
