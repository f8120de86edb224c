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
