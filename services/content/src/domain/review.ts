import { z } from 'zod';
import { messages } from '../messages';

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
