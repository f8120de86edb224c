// Families (issue 24): a parent's read of a linked child's learning, kept beside the main document.
import { z } from 'zod';
import { childLearningResponse } from './entry-points/http/schemas';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) } });
const error = (description: string) => ({ description, content: json(z.object({ error: z.string(), message: z.string() })) });

export const familyPaths = {
  '/family/children/{linkId}/learning': {
    get: {
      summary: "A linked child's best result per lesson and place in its standings, newest first (the child's parent only)",
      security: [{ bearer: [] }],
      parameters: [{ name: 'linkId', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' } }],
      responses: {
        '200': { description: 'One row per lesson the child took the quiz of (deleted lessons left out)', content: json(childLearningResponse) },
        '401': error('Not signed in'),
        '403': error('Not a parent'),
        '404': error('Child not found (not a child of this parent, or no longer linked)'),
      },
    },
  },
};
