// What the gateway's error answers carry (lib-http: `{ error, message, code }`, both texts human-readable).
type ErrorBody = { error?: unknown; message?: unknown; code?: unknown };

const bodyOf = (error: unknown) => (error as { data?: ErrorBody } | undefined)?.data;

/** The HTTP status of a failed call (a number), or undefined for a network failure. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The server's own wording when it gave one, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  const body = bodyOf(error);
  if (typeof body?.message === 'string' && body.message.trim()) return body.message;
  if (typeof body?.error === 'string' && body.error.trim()) return body.error;
  return fallback;
}
