import { z } from 'zod';
import { messages } from '../../messages';

/** Learners are keyed by lower-cased email. */
export const emailParams = z.object({
  email: z.string().trim().max(254).toLowerCase().pipe(z.email(messages.invalidEmail)),
});

export const deductBody = z.object({
  cost: z.number(messages.costRule).int(messages.costRule).positive(messages.costRule).max(1_000_000, 'cost must be at most 1000000'),
});

export const balanceResponse = z.object({ email: z.string(), gems: z.number().int().min(0) });
export const deductResponse = z.object({ gems: z.number().int().min(0) });
export const ledgerResponse = z.object({
  email: z.string(),
  gems: z.number().int().min(0),
  entries: z.array(
    z.object({
      ref: z.string(),
      kind: z.enum(['credit', 'debit', 'debit-rejected', 'adjustment', 'review', 'refund']),
      amount: z.number().int(),
      balance: z.number().int().min(0),
      lessonId: z.string().optional(),
      at: z.string(),
    }),
  ),
});

/** GET /family/children/{linkId}/gems (contracts' ChildGems). */
export const childGemsResponse = z.object({
  balance: z.number().int().min(0),
  lines: z
    .array(
      z.object({
        kind: z.enum(['quiz', 'review', 'redemption', 'refund', 'adjustment']),
        amount: z.number().int().describe('signed: earned > 0, spent < 0'),
        at: z.string(),
        lessonId: z.string().optional().describe('quiz lines'),
        redemptionId: z.string().optional().describe('redemption and refund lines'),
      }),
    )
    .describe('newest first, at most 200'),
});
