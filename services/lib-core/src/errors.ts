/**
 * The one application error. The HTTP error handler turns it into
 * `{ error, message, details? }` with its status; `error` and `message` both carry the
 * human-readable text (clients show either), `code` is the machine-readable kind.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = codeFor(status),
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, details?: unknown): AppError {
    return new AppError(400, message, 'bad_request', details);
  }
  static unauthorized(message = 'Authentication required'): AppError {
    return new AppError(401, message, 'unauthorized');
  }
  static forbidden(message = 'Forbidden'): AppError {
    return new AppError(403, message, 'forbidden');
  }
  static notFound(message = 'Not found'): AppError {
    return new AppError(404, message, 'not_found');
  }
  static conflict(message: string, details?: unknown): AppError {
    return new AppError(409, message, 'conflict', details);
  }
  static payloadTooLarge(message = 'Request body too large'): AppError {
    return new AppError(413, message, 'payload_too_large');
  }
  static tooMany(message = 'Too many requests. Please try again later.'): AppError {
    return new AppError(429, message, 'too_many_requests');
  }
  static unavailable(message = 'Service unavailable'): AppError {
    return new AppError(503, message, 'unavailable');
  }
}

function codeFor(status: number): string {
  const codes: Record<number, string> = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'payload_too_large', 429: 'too_many_requests', 503: 'unavailable' };
  return codes[status] ?? 'error';
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
