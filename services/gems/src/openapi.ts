import { z } from 'zod';
import { familyPaths } from './openapi-family';
import { learnerDataPaths } from './openapi-learner-data';
import { balanceResponse, deductBody, deductResponse, emailParams, ledgerResponse } from './entry-points/http/schemas';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) } });
const error = (description: string) => ({ description, content: json(z.object({ error: z.string(), message: z.string() })) });
const bearer = [{ bearer: [] }];
const emailParam = { name: 'email', in: 'path', required: true, schema: z.toJSONSchema(emailParams.shape.email, { io: 'input' }) };

export const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'KidsLearn gems service', version: '1.0.0', description: 'Gem balances: quiz rewards in, redemptions out, with a ledger.' },
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  paths: {
    '/gems/{email}': {
      get: {
        summary: "A learner's gem balance (the learner or an admin)",
        security: bearer,
        parameters: [emailParam],
        responses: { '200': { description: 'Balance (0 if none yet)', content: json(balanceResponse) }, '400': error('Bad email'), '401': error('Not signed in'), '403': error('Not yours') },
      },
    },
    '/gems/{email}/ledger': {
      get: {
        summary: 'Every change of the balance (refunds of declined gifts included), oldest first (the learner or an admin)',
        security: bearer,
        parameters: [emailParam],
        responses: { '200': { description: 'Ledger', content: json(ledgerResponse) }, '400': error('Bad email'), '401': error('Not signed in'), '403': error('Not yours') },
      },
    },
    '/gems/{email}/deduct': {
      patch: {
        summary: 'Admin-only manual deduction, only when the balance covers it (learners redeem through POST /redemptions)',
        security: bearer,
        parameters: [emailParam, { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } }],
        requestBody: { required: true, content: json(deductBody) },
        responses: {
          '200': { description: 'New balance', content: json(deductResponse) },
          '400': error('Bad input'),
          '401': error('Not signed in'),
          '403': error('Not an admin'),
          '409': error('Not enough gems'),
        },
      },
    },
    ...learnerDataPaths,
    ...familyPaths,
  },
};
