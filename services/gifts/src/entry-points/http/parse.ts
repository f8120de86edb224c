import { AppError } from '@kidslearn/lib-core';
import type { z } from 'zod';

/**
 * Parses with zod and answers 400 with the first issue's own message (the SPEC's exact wording,
 * e.g. 'Please fill all required fields.'), all issues in details.
 */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw AppError.badRequest(details[0]?.message ?? 'Invalid input', details);
}
