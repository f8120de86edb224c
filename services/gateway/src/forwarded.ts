import type { RequestHandler } from 'express';
import proxyAddr from 'proxy-addr';

/** Proxy headers a caller could use to pose as another client. */
const CLIENT_CLAIMS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip'];

/**
 * The gateway is the edge of the services: whatever a caller put in X-Forwarded-* / Forwarded is dropped and
 * X-Forwarded-For becomes the one client address the gateway believes. Services trust exactly that one hop,
 * so their req.ip (rate limits, logs) is that client, and a header cannot spread one client over many keys.
 * Behind the operator stack's TLS proxy (`trustedProxies`: its addresses, CIDRs or names such as
 * uniquelocal) the client is the nearest address in X-Forwarded-For that is not one of those proxies; any
 * other peer is the client itself. Rewritten on the incoming request, so every path to the proxy (even
 * `Expect: 100-continue`) carries it.
 */
export function edgeForwarding(trustedProxies: readonly string[] = []): RequestHandler {
  const isProxy = trustedProxies.length > 0 ? proxyAddr.compile([...trustedProxies]) : () => false;
  return (req, _res, next) => {
    const host = req.headers.host;
    const client = proxyAddr(req, isProxy);
    for (const name of CLIENT_CLAIMS) delete req.headers[name];
    req.headers['x-forwarded-for'] = client;
    req.headers['x-forwarded-proto'] = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
    if (host) req.headers['x-forwarded-host'] = host;
    next();
  };
}
