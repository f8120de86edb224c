import { z } from 'zod';
import { messages } from '../messages';
import type { HoldReason } from './review-screening';

const m = messages.review;

// A blank string counts as "not given" for the optional fields.
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Expected text.' })
    .trim()
    .max(max, { error: tooLong })
    .optional()
    .transform((value) => (value ? value : undefined));

export const createReviewSchema = z.object({
  // The form requires a name, but a review without one is kept and shown as 'Anonymous' (SPEC §8).
  name: optionalText(80, m.nameTooLong),
  title: optionalText(60, m.titleTooLong),
  email: z
    .string({ error: m.emailInvalid })
    .trim()
    .max(254, { error: m.emailInvalid })
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined))
    .refine((value) => value === undefined || z.email().safeParse(value).success, { error: m.emailInvalid }),
  message: z
    .string({ error: m.messageRequired })
    .trim()
    .min(1, { error: m.messageRequired })
    .max(300, { error: m.messageTooLong }),
});

export type NewReview = z.infer<typeof createReviewSchema>;

export interface ReviewView {
  _id: string;
  name: string;
  title: string;
  message: string;
  createdAt: string;
}

export function displayName(name: string | undefined | null): string {
  return name && name.trim() ? name : m.anonymous;
}

/** What an admin sees of a review: never the reviewer's email (the decision needs none). */
export interface AdminReviewView extends ReviewView {
  hidden: boolean;
  /** Held back at posting by the blocklist (review-screening.ts), with the reason. */
  flagged: boolean;
  flagReason?: HoldReason;
}

export const reviewIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/i, { error: m.badId }),
});

export const setReviewHiddenSchema = z.strictObject(
  { hidden: z.boolean({ error: m.hiddenRequired }) },
  { error: m.hiddenRequired },
);

/** GET /admin/reviews paging. */
export const REVIEWS_PAGE_MAX = 100;
export const adminReviewsQuerySchema = z.object({
  page: z.coerce.number({ error: m.badPage }).int({ error: m.badPage }).min(1, { error: m.badPage }).max(100_000, { error: m.badPage }).default(1),
  limit: z.coerce.number({ error: m.badLimit }).int({ error: m.badLimit }).min(1, { error: m.badLimit }).max(REVIEWS_PAGE_MAX, { error: m.badLimit }).default(20),
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;
