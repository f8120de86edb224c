import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@kidslearn/lib-core';

export interface AccessLogOptions {
  /** Paths not logged (health probes). */
  ignore?: readonly string[];
  /** The request's id, set by an earlier middleware (lib-http requestId, the gateway's edge). */
  idOf: (req: IncomingMessage) => string | undefined;
}

/**
 * One line per request once its response is done: id, method, url, status, time in ms and the peer's address;
 * 'request completed' at info, at warn for a 4xx and at error for a 5xx; 'request aborted' at warn when the peer
 * went before the response was done.
 *
 * Written here instead of pino-http because that logs every header of the request and the response (about
 * 1.4 KB a line, each passed through redaction) and builds a child logger per request: under load it was the
 * gateway's largest cost (bench/reports: CPU profiles). Headers are never logged, so no token or cookie can be.
 */
/** A photo's id is its address: logged, it would hand out the link to a child's picture. */
const PHOTO_PATH = /^(\/photos\/)[^/?#]+/;

/**
 * The URL as logged: the path, with a photo's id replaced, and the query's names without their values
 * (`/users/search?email=ki` may be the start of a child's address); an email in the path is masked by the
 * logger itself.
 */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(PHOTO_PATH, '$1:id');
  if (at < 0) return path;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${path}?${names.join('&')}`;
}

export function accessLog(logger: Logger, { ignore = [], idOf }: AccessLogOptions) {
  const skipped = new Set(ignore);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (skipped.has(req.url ?? '')) return next();
    const started = performance.now();
    res.once('close', () => {
      const line = {
        reqId: idOf(req),
        method: req.method,
        url: loggableUrl((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? ''),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip: req.socket.remoteAddress,
      };
      if (!res.writableFinished) logger.warn(line, 'request aborted');
      else if (res.statusCode >= 500) logger.error(line, 'request completed');
      else if (res.statusCode >= 400) logger.warn(line, 'request completed');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
