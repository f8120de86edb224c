// Families (issue 24): a parent's routes, kept beside the main document so they stay a one-line addition there.
import { z } from 'zod';
import { addressSchema } from './entry-points/http/schemas';

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
const error = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' } } };
const res = (description: string, schema: object = error) => ({ description, content: { 'application/json': { schema } } });
const bearer = [{ bearer: [] }];
const parentErrors = { '401': res('not logged in'), '403': res('not a parent'), '404': res("'Child not found': no such child or request, or another parent's") };
const idParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const decisionErrors = { '409': res("the other decision was taken already, or the request does not wait for a parent's answer") };

export function familyPaths(redemption: object) {
  return {
    '/family/children/{linkId}/redemptions': {
      get: {
        summary: "A child's gift requests, any status, newest first (the child's parent)",
        security: bearer,
        parameters: [idParam('linkId')],
        responses: { '200': res('redemptions', { type: 'array', items: redemption }), ...parentErrors },
      },
    },
    '/family/redemptions/{redemptionId}/approval': {
      post: {
        summary: "The parent confirms the delivery address of a request awaiting them: → pending-delivery (the admin's list). The same decision again answers the request unchanged",
        security: bearer,
        parameters: [idParam('redemptionId')],
        requestBody: { required: true, content: { 'application/json': { schema: json(addressSchema) } } },
        responses: { '200': res('the redemption', redemption), '400': res('bad address (the redeem form\'s rules)'), ...parentErrors, ...decisionErrors },
      },
    },
    '/family/redemptions/{redemptionId}/decline': {
      post: {
        summary: 'The parent declines a request awaiting them: → declined, redemption.declined (gems gives the gems back once). The same decision again answers the request unchanged',
        security: bearer,
        parameters: [idParam('redemptionId')],
        responses: { '200': res('the redemption', redemption), ...parentErrors, ...decisionErrors },
      },
    },
  };
}
