import type { ZodError } from 'zod';

/** "lessonHeading: Required; parts.0.video: must be a URL" – readable, stable, no internals. */
export function zodMessage(err: ZodError): string {
  return err.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export function zodDetails(err: ZodError): { path: string; message: string }[] {
  return err.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}
