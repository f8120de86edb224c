import { z } from 'zod';
import { messages } from '../messages';

export type Role = 'user' | 'admin';

export const emailQuerySchema = z.object({
  email: z
    .string({ error: messages.user.emailQueryRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: messages.user.emailQueryRequired })
    .max(254, { error: messages.user.emailQueryRequired }),
});

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), { error: 'img must be an http(s) URL.' });

// POST /users: role and gems sent by the client are accepted in the payload (SPEC §7) but ignored.
export const upsertUserSchema = z.object({
  name: z.string({ error: 'name must be text.' }).trim().max(80, { error: messages.registration.nameTooLong }).optional(),
  email: z.string({ error: 'email must be text.' }).trim().toLowerCase().max(254).optional(),
  img: z.union([httpUrl, z.literal(''), z.null()]).optional(),
  created_At: z.unknown().optional(),
  last_log_in: z.unknown().optional(),
  role: z.unknown().optional(),
  gems: z.unknown().optional(),
});

export type UpsertUser = z.infer<typeof upsertUserSchema>;

export const userIdParamsSchema = z.object({
  userId: z.string().regex(/^[0-9a-f]{24}$/i, { error: messages.user.invalidId }),
});

export interface UserView {
  _id: string;
  name: string;
  email: string;
  role: Role;
  gems: number;
  img: string;
  created_At?: string;
  last_log_in?: string;
}

export function roleFromToken(isAdmin: boolean): Role {
  return isAdmin ? 'admin' : 'user';
}

/** Is the caller allowed to act on the record of `email`? Learners only on their own; admins on any. */
export function isSelfOrAdmin(auth: { email: string; isAdmin: boolean }, email: string): boolean {
  return auth.isAdmin || auth.email.toLowerCase() === email.trim().toLowerCase();
}

/** GET /users paging (beyond the spec: a school has thousands of children). */
export const USERS_PAGE_MAX = 100;
export const usersPageQuerySchema = z.object({
  page: z.coerce.number({ error: messages.user.badPage }).int({ error: messages.user.badPage }).min(1, { error: messages.user.badPage }).max(100_000, { error: messages.user.badPage }).default(1),
  limit: z.coerce
    .number({ error: messages.user.badLimit })
    .int({ error: messages.user.badLimit })
    .min(1, { error: messages.user.badLimit })
    .max(USERS_PAGE_MAX, { error: messages.user.badLimit })
    .default(20),
  q: z.string({ error: messages.user.badSearch }).trim().max(100, { error: messages.user.badSearch }).optional(),
});
export type UsersPageQuery = z.infer<typeof usersPageQuerySchema>;
