import type { RequestHandler } from 'express';

/** Proxy headers a caller could use to pose as another client. */
const CLIENT_CLAIMS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip'];

/**
 * The gateway is the edge: whatever a caller put in X-Forwarded-* / Forwarded is dropped and
 * X-Forwarded-For becomes the socket's address. Services trust exactly one hop, so their req.ip (rate
 * limits, logs) is the client the gateway saw, and a header cannot spread one client over many keys.
 * Rewritten on the incoming request, so every path to the proxy (even `Expect: 100-continue`) carries it.
 */
export function edgeForwarding(): RequestHandler {
  return (req, _res, next) => {
    const host = req.headers.host;
    for (const name of CLIENT_CLAIMS) delete req.headers[name];
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    req.headers['x-forwarded-proto'] = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
    if (host) req.headers['x-forwarded-host'] = host;
    next();
  };
}
