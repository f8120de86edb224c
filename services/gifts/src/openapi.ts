import { PENDING_SEARCH_MAX } from '@kidslearn/contracts';
import { z } from 'zod';
import { addressSchema, deliveryBodySchema } from './entry-points/http/schemas';
import { REDEMPTION_STATUSES } from './domain/redemption';
import { familyPaths } from './openapi-family';
import { learnerDataPaths } from './openapi-learner-data';

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

const gift = {
  type: 'object',
  required: ['id', 'name', 'img'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    img: { type: 'string', description: 'absolute URL on PUBLIC_URL under /assets/gifts/' },
    cost: { type: 'number', description: 'gems; absent = price not set (cannot be redeemed)' },
  },
};

const redemption = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    email: { type: 'string' },
    giftId: { type: 'string' },
    giftName: { type: 'string' },
    giftImg: { type: 'string' },
    cost: { type: 'number' },
    address: json(addressSchema),
    createdAt: { type: 'string', format: 'date-time' },
    deliveryStatus: { type: 'boolean' },
    updatedAt: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: REDEMPTION_STATUSES },
  },
};

const pendingPage = {
  type: 'object',
  properties: {
    items: { type: 'array', items: redemption },
    total: { type: 'integer', description: 'pending parcels in all' },
    matches: { type: 'integer', description: 'pending parcels matching q (= total without q)' },
    nextCursor: { type: ['string', 'null'] },
  },
};

const error = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' } } };
const res = (description: string, schema: object = error) => ({ description, content: { 'application/json': { schema } } });
const bearer = [{ bearer: [] }];
const authErrors = { '401': res('not logged in'), '403': res('wrong role') };

export const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'KidsLearn gifts service', version: '1.0.0', description: 'Gift catalog and gem redemptions.' },
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  paths: {
    '/gifts': { get: { summary: 'Gift catalog (public, cached 5 minutes)', responses: { '200': res('gifts', { type: 'array', items: gift }) } } },
    '/Gift.json': { get: { summary: 'Same list for the SPA static fetch', responses: { '200': res('gifts', { type: 'array', items: gift }) } } },
    '/redemptions': {
      post: {
        summary: 'Redeem a gift (learner). Cost from the catalog, identity from the token; waits briefly for the gem debit.',
        security: bearer,
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 100 } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['giftId', 'address'], properties: { giftId: { type: ['string', 'integer'] }, address: json(addressSchema) } },
            },
          },
        },
        responses: {
          '201': res('debited: pending-delivery, or awaiting-parent (gems held) when the parent approves gifts', { type: 'object', properties: { redemption, gems: { type: 'number' } } }),
          '202': res('still processing', { type: 'object', properties: { status: { const: 'processing' }, redemption } }),
          '400': res('bad input, price not set, or not enough gems (then with gems)'),
          ...authErrors,
          '403': res('wrong role, or code parent_consent_required (PARENT_CONSENT=required and no parent consented)'),
          '404': res('unknown gift'),
          '409': res('Idempotency-Key reused for another gift, or code monthly_cap (over the monthly gem limit the parent set)'),
        },
      },
      get: {
        summary:
          'Pending-delivery redemptions, oldest first (admin). With limit, cursor or q: one page { items, total, matches, nextCursor }; without: the plain array',
        security: bearer,
        parameters: [
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
          {
            name: 'q',
            in: 'query',
            required: false,
            description: 'gift name, recipient name, city or email containing this text (any case, literally); send it again with the cursor',
            schema: { type: 'string', maxLength: PENDING_SEARCH_MAX },
          },
        ],
        responses: { '200': res('redemptions', { oneOf: [{ type: 'array', items: redemption }, pendingPage] }), '400': res('bad limit, cursor or q'), ...authErrors },
      },
    },
    '/redemptions/mine': {
      get: { summary: "The learner's own redemptions, any status", security: bearer, responses: { '200': res('redemptions', { type: 'array', items: redemption }), ...authErrors } },
    },
    '/redemptions/{id}/delivery': {
      patch: {
        summary: 'Mark a pending parcel delivered, once (admin)',
        security: bearer,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: json(deliveryBodySchema) } } },
        responses: {
          '200': res('delivered', { type: 'object', properties: { redemption, message: { type: 'string' } } }),
          '400': res('deliveryStatus not true'),
          ...authErrors,
          '404': res('unknown redemption'),
          '409': res('rejected or still processing (a delivered parcel is answered again, unchanged)'),
        },
      },
    },
    ...learnerDataPaths,
    ...familyPaths(redemption),
  },
};
