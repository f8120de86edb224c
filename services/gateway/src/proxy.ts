import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware, type Options } from 'http-proxy-middleware';
import type { Logger } from '@kidslearn/lib-core';
import { loggableUrl } from '@kidslearn/lib-http';
import type { EdgeCache } from './edge-cache';
import { messages } from './messages';
import type { ServiceName } from './routes';

/**
 * Keep-alive sockets to the services (without them every proxied request pays a TCP handshake); one pool per
 * gateway, closed by its stop(). An idle socket is dropped a second before the service would close it (its
 * `Keep-Alive: timeout=5` hint): reusing one the service is closing breaks the request off ("socket hang up",
 * a 502). Node honours that hint only when the agent has a `timeout` of its own (free sockets without a hint
 * go after it); a request in flight is bounded by the proxy's proxyTimeout instead.
 */
export const createUpstreamAgent = (): http.Agent => new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });

export interface Upstream {
  service: ServiceName;
  target: string;
  logger: Logger;
  agent: http.Agent;
}

/** The edge-cache key of a request: its audience, then its full original path and query. */
export const cacheKey = (audience: string, req: IncomingMessage): string =>
  `${audience} ${(req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/'}`;

/** Where the caching proxy finds the key it should store the answer under. */
const CACHE_KEY = Symbol('edge cache key');
type KeyedRequest = IncomingMessage & { [CACHE_KEY]?: string };
export const setCacheKey = (req: IncomingMessage, key: string): void => {
  (req as KeyedRequest)[CACHE_KEY] = key;
};

/** Responses this gateway already answered with a failure. */
const failed = new WeakSet<ServerResponse>();

/**
 * The service failed this call: 502 with a message the UI can show while nothing was sent yet; once
 * headers went out the client connection is destroyed, so the client sees a broken response at once
 * (ending it normally would pass a truncated body off as complete, and leaving it open would hang).
 */
function failUpstream(res: ServerResponse, upstream: Upstream, url: string | undefined, error: Error): void {
  // Already answered (e.g. both the request and the body failed); the 502's end may still be on its way
  // through the compression stream, so writableEnded alone does not tell.
  if (failed.has(res) || res.writableEnded || res.destroyed) return;
  failed.add(res);
  upstream.logger.warn({ err: error, service: upstream.service, url: url && loggableUrl(url) }, 'upstream failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: 'BadGateway', message: messages.serviceUnavailable(upstream.service) });
  res.writeHead(502, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), connection: 'close' });
  res.end(body);
}

/** An upstream response that stops before its end (reset, killed service) fails the call instead of stalling it. */
function watchBody(proxyRes: IncomingMessage, res: ServerResponse, upstream: Upstream, url: string | undefined): void {
  proxyRes.on('error', () => undefined); // reported by 'close' below; a listener keeps it from being thrown
  proxyRes.on('close', () => {
    if (!proxyRes.complete) failUpstream(res, upstream, url, new Error('upstream response ended before its body'));
  });
}

function baseOptions(upstream: Upstream): Options<IncomingMessage, ServerResponse> {
  return {
    target: upstream.target,
    agent: upstream.agent,
    // X-Forwarded-* are set by edgeForwarding (forwarded.ts); http-proxy would append to the caller's.
    xfwd: false,
    proxyTimeout: 30_000,
    on: {
      proxyReq: (proxyReq, req) => {
        // The gateway compresses for the caller; from the service it wants the plain body (see app.ts).
        proxyReq.removeHeader('accept-encoding');
        const id = (req as { id?: unknown }).id;
        if (typeof id === 'string') proxyReq.setHeader('x-request-id', id);
      },
      proxyRes: (proxyRes, req, res) => watchBody(proxyRes, res, upstream, req.url),
      error: (error, req, res) => {
        if ('headersSent' in res) failUpstream(res, upstream, req.url, error);
        else res.destroy();
      },
    },
  };
}

/**
 * Streams the request to the service unchanged (the body is never parsed here) and forwards the
 * request id, so one id follows a call through the gateway and the service logs.
 */
export function proxyTo(upstream: Upstream): RequestHandler {
  return createProxyMiddleware(baseOptions(upstream)) as unknown as RequestHandler;
}

/**
 * For cacheable GETs that missed the edge cache: fetches, answers and stores under the key set with
 * setCacheKey when the service allows it (s-maxage). The body is buffered, which is fine for these small reads.
 */
export function cachingProxyTo(upstream: Upstream, cache: EdgeCache): RequestHandler {
  const base = baseOptions(upstream);
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    ...base,
    selfHandleResponse: true,
    on: {
      ...base.on,
      proxyRes: (proxyRes, req, res) => {
        watchBody(proxyRes, res, upstream, req.url);
        const chunks: Buffer[] = [];
        proxyRes.on('data', (chunk: Buffer) => chunks.push(chunk));
        proxyRes.on('end', () => {
          const body = Buffer.concat(chunks);
          const status = proxyRes.statusCode ?? 502;
          const key = (req as KeyedRequest)[CACHE_KEY];
          const stored = key !== undefined && cache.store(key, status, proxyRes.headers, body);
          const headers = { ...proxyRes.headers, 'content-length': String(body.length), 'x-cache': stored ? 'MISS' : 'BYPASS' };
          delete headers['transfer-encoding'];
          delete headers.connection;
          res.writeHead(status, headers);
          res.end(body);
        });
      },
    },
  });
  return proxy as unknown as RequestHandler;
}
