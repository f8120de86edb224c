import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError } from '@kidslearn/lib-core';
import type { Logger } from '@kidslearn/lib-core';
import { zodMessage, zodDetails } from './zod-message';

type Body = { error: string; message: string; code: string; details?: unknown };

/** Maps any thrown value to a status and a body that never leaks internals. */
export function toHttpError(err: unknown): { status: number; body: Body } {
  if (err instanceof AppError) {
    const body: Body = { error: err.message, message: err.message, code: err.code };
    if (err.details !== undefined) body.details = err.details;
    return { status: err.status, body };
  }
  if (err instanceof ZodError) {
    const message = zodMessage(err);
    return { status: 400, body: { error: message, message, code: 'bad_request', details: zodDetails(err) } };
  }
  const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean; message?: string };
  if (e?.type === 'entity.parse.failed') return simple(400, 'Request body is not valid JSON', 'bad_request');
  if (e?.type === 'entity.too.large') return simple(413, 'Request body too large', 'payload_too_large');
  // A path with a bad % escape: express cannot decode the parameter (URIError, status 400).
  if (err instanceof URIError) return simple(400, 'The address has an invalid % escape', 'bad_request');
  const status = e?.status ?? e?.statusCode;
  // http-errors style errors with expose=true carry a message meant for the client.
  if (typeof status === 'number' && status >= 400 && status < 600 && e?.expose) {
    return simple(status, e.message ?? 'Error', status === 400 ? 'bad_request' : 'error');
  }
  // Any other client error keeps its status (the caller's mistake is never a 500); its message may be internal.
  if (typeof status === 'number' && status >= 400 && status < 500) return simple(status, status === 400 ? 'Bad request' : 'Request rejected', status === 400 ? 'bad_request' : 'error');
  return simple(500, 'Internal error', 'internal');
}

function simple(status: number, message: string, code: string): { status: number; body: Body } {
  return { status, body: { error: message, message, code } };
}

export function notFoundHandler(): RequestHandler {
  return (_req, _res, next) => next(AppError.notFound('Not found'));
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    const { status, body } = toHttpError(err);
    if (status >= 500) logger.error({ err, reqId: req.id }, 'request failed');
    else logger.debug({ status, message: body.message, reqId: req.id }, 'request rejected');
    if (res.headersSent) return next(err);
    res.status(status).json(body);
  };
}
