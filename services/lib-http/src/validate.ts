import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from '@kidslearn/lib-core';
import { zodDetails } from './zod-message';

export type Schemas = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
type Parsed<S extends Schemas> = { [K in keyof S]: S[K] extends z.ZodType ? z.infer<S[K]> : never };

/**
 * Parses body/query/params with zod; the results land on `req.valid`. Bad input → 400 with
 * a message naming each bad field (prefixed by where it was: body/query/params).
 */
export function validate<S extends Schemas>(schemas: S): RequestHandler {
  return (req, _res, next) => {
    const valid: Record<string, unknown> = {};
    const problems: { path: string; message: string }[] = [];
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const input: unknown = part === 'body' ? (req.body ?? {}) : req[part];
      const result = schema.safeParse(input);
      if (result.success) valid[part] = result.data;
      else problems.push(...zodDetails(result.error).map((d) => ({ message: d.message, path: d.path ? `${part}.${d.path}` : part })));
    }
    if (problems.length) {
      const message = problems.map((p) => `${p.path}: ${p.message}`).join('; ');
      return next(AppError.badRequest(message, problems));
    }
    req.valid = valid;
    next();
  };
}

/** Typed read of what validate(schemas) stored: `const { body } = validInput(req, schemas)`. */
export function validInput<S extends Schemas>(req: Request, _schemas: S): Parsed<S> {
  return req.valid as Parsed<S>;
}
