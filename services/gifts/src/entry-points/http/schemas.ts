import { PENDING_SEARCH_MAX } from '@kidslearn/contracts';
import { z } from 'zod';
import { messages } from '../../messages';

const required = (field: string, max: number) =>
  z
    .string({ error: messages.fillRequiredFields })
    .trim()
    .min(1, { error: messages.fillRequiredFields })
    .max(max, { error: messages.fieldTooLong(field, max) });

// Optional fields accept absent, null or a (possibly empty) text; empty text is dropped.
const optional = (field: string, max: number) =>
  z
    .string({ error: messages.invalidField(field) })
    .trim()
    .max(max, { error: messages.fieldTooLong(field, max) })
    .nullish()
    .transform((v) => (v ? v : undefined));

export const addressSchema = z.object(
  {
    name: required('name', 100),
    phone: required('phone', 30),
    address1: required('address1', 200),
    address2: optional('address2', 200),
    city: required('city', 100),
    postalCode: required('postalCode', 20),
    notes: optional('notes', 500),
  },
  { error: messages.fillRequiredFields },
);

const giftIdSchema = z
  .union([z.string().trim().min(1).max(64), z.number().int().nonnegative()], { error: messages.giftIdRequired })
  .transform(String);

/**
 * POST /redemptions. Identity and price never come from the client: email, giftName, giftImg,
 * cost and createdAt in the body are ignored (zod strips unknown keys).
 */
export const redeemBodySchema = z.object(
  { giftId: giftIdSchema, address: addressSchema },
  { error: messages.fillRequiredFields },
);
export type RedeemBody = z.infer<typeof redeemBodySchema>;

export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, { error: messages.badIdempotencyKey })
  .optional();

export const deliveryBodySchema = z.object(
  { deliveryStatus: z.literal(true, { error: messages.deliveryStatusMustBeTrue }) },
  { error: messages.deliveryStatusMustBeTrue },
);

export const redemptionIdSchema = z.string().regex(/^[0-9a-f]{24}$/i);

/** Opaque cursor of the pending list: the last item's createdAt and id (oldest first, id breaks ties). */
export const pendingCursorSchema = z
  .string()
  .transform((raw, ctx) => {
    const [at, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
    const createdAt = new Date(at ?? '');
    if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f]{24}$/i.test(id ?? '')) {
      ctx.addIssue({ code: 'custom', message: messages.badCursor });
      return z.NEVER;
    }
    return { createdAt, id: id as string };
  });

export const encodePendingCursor = (createdAt: Date, id: string): string => Buffer.from(`${createdAt.toISOString()}|${id}`, 'utf8').toString('base64url');

export const PENDING_PAGE_MAX = 100;

/** GET /redemptions?limit=&cursor=&q= (admin). Without any of them, the spec's plain array is answered. */
export const pendingPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: messages.badPageLimit(PENDING_PAGE_MAX) })
    .int({ error: messages.badPageLimit(PENDING_PAGE_MAX) })
    .min(1, { error: messages.badPageLimit(PENDING_PAGE_MAX) })
    .max(PENDING_PAGE_MAX, { error: messages.badPageLimit(PENDING_PAGE_MAX) })
    .default(20),
  cursor: pendingCursorSchema.optional(),
  // One text (a repeated ?q= is an array: refused); blank means no search.
  q: z
    .string({ error: messages.badSearch(PENDING_SEARCH_MAX) })
    .trim()
    .max(PENDING_SEARCH_MAX, { error: messages.badSearch(PENDING_SEARCH_MAX) })
    .optional()
    .transform((q) => q || undefined),
});
