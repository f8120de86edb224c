import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware, type Options } from 'http-proxy-middleware';
import type { Logger } from '@kidslearn/lib-core';
import { loggableUrl } from '@kidslearn/lib-http';
import type { EdgeCache } from './edge-cache';
import { messages } from './messages';
import type { ServiceName } from './routes';
import type { UpstreamPool } from './upstream-pool';

/**
 * Keep-alive sockets to the services, one pool per gateway, closed by its stop(). Every socket the load needs stays
 * pooled while idle (maxFreeSockets = maxSockets): a new connection is slow on a busy service (lib-http's
 * KEEP_ALIVE_MS says why), and a pool trimmed to fewer sockets than requests in flight opened new ones on every
 * wave of a closed-loop load. An idle socket is dropped a second before the service would close it (its
 * `Keep-Alive: timeout=65` hint): reusing one the service is closing breaks the request off ("socket hang up",
 * a 502). Node honours that hint only when the agent has a `timeout` of its own (free sockets without a hint
 * go after it); a request in flight is bounded by the proxy's proxyTimeout instead.
 */
export const createUpstreamAgent = (): http.Agent => new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, timeout: 60_000 });

export interface Upstream {
  service: ServiceName;
  /** the service's instances (round-robin; one that failed to connect is skipped for a moment) */
  pool: UpstreamPool;
  logger: Logger;
  agent: http.Agent;
}

/** What the proxy keeps on a request: the instance it went to, whether it was sent again, its buffered body. */
const TARGET = Symbol('upstream instance');
const RETRIED = Symbol('sent to another instance');
const BODY = Symbol('buffered body');
type RoutedRequest = IncomingMessage & { [TARGET]?: string; [RETRIED]?: boolean; [BODY]?: Buffer };

/** Errors that mean the instance is gone (refused, reset, killed) rather than slow. */
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTCONN', 'EHOSTUNREACH']);
const connectionLost = (error: Error) => CONNECTION_LOST.has((error as NodeJS.ErrnoException).code ?? '') || error.message === 'socket hang up';

/**
 * May the request go to another instance when the first one failed before answering? A read may; a write only
 * when the caller sent an Idempotency-Key (the services answer a repeat with the first outcome) and its body is
 * buffered (bufferReplayableBody), so it can be sent again. Anything else fails with 502 as before.
 */
const replayable = (req: RoutedRequest) => req.method === 'GET' || req.method === 'HEAD' || req[BODY] !== undefined;

/** Keeps the body of a write with an Idempotency-Key (at most `limit` bytes), so it can be sent to another instance. */
export function bufferReplayableBody(limit = 1024 * 1024) {
  return async (req: IncomingMessage): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD' || !req.headers['idempotency-key']) return;
    const size = Number(req.headers['content-length'] ?? 0);
    if (!(size > 0 && size <= limit)) return;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    (req as RoutedRequest)[BODY] = Buffer.concat(chunks);
  };
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

function baseOptions(upstream: Upstream, sendAgain: () => RequestHandler): Options<IncomingMessage, ServerResponse> {
  const { pool } = upstream;
  return {
    target: pool.targets[0],
    // Round-robin over the instances; a request sent again avoids the one that failed it.
    router: pool.targets.length > 1 ? (req) => ((req as RoutedRequest)[TARGET] = pool.pick((req as RoutedRequest)[TARGET])) : undefined,
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
        // A buffered body (it may have to be sent again) is written from the buffer; the request stream is spent.
        const body = (req as RoutedRequest)[BODY];
        if (body) proxyReq.end(body);
      },
      proxyRes: (proxyRes, req, res) => watchBody(proxyRes, res, upstream, req.url),
      error: (error, req, res) => {
        const routed = req as RoutedRequest;
        if (!('headersSent' in res)) return res.destroy();
        // The instance went away before answering (killed, restarting): once more, on another instance.
        if (connectionLost(error) && pool.targets.length > 1 && !res.headersSent && !routed[RETRIED] && replayable(routed)) {
          pool.failed(routed[TARGET] ?? String(pool.targets[0]));
          routed[RETRIED] = true;
          upstream.logger.warn({ err: error.message, service: upstream.service, url: req.url && loggableUrl(req.url) }, 'upstream instance failed; sent to another');
          return void sendAgain()(req as never, res as never, () => undefined);
        }
        failUpstream(res, upstream, req.url, error);
      },
    },
  };
}

/**
 * Streams the request to the service unchanged (the body is never parsed here) and forwards the
 * request id, so one id follows a call through the gateway and the service logs.
 */
export function proxyTo(upstream: Upstream): RequestHandler {
  const proxy: RequestHandler = createProxyMiddleware(baseOptions(upstream, () => proxy)) as unknown as RequestHandler;
  return proxy;
}

/**
 * For cacheable GETs that missed the edge cache: fetches, answers and stores under the key set with
 * setCacheKey when the service allows it (s-maxage). The body is buffered, which is fine for these small reads.
 */
export function cachingProxyTo(upstream: Upstream, cache: EdgeCache): RequestHandler {
  const base = baseOptions(upstream, () => handler);
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
  const handler = proxy as unknown as RequestHandler;
  return handler;
}
