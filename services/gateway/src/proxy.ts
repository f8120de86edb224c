import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { RequestHandler } from 'express';
import httpProxy from 'http-proxy';
import type { Logger } from '@kidslearn/lib-core';
import { loggableUrl } from '@kidslearn/lib-http';
import type { EdgeCache } from './edge-cache';
import { messages } from './messages';
import type { ServiceName } from './routes';
import { UpstreamAgent } from './upstream-agent';
import type { UpstreamPool } from './upstream-pool';

/** A request waits at most this long for the service's answer, and at most this long for a connection. */
const PROXY_TIMEOUT_MS = 30_000;

/**
 * Keep-alive sockets to the services, one pool per gateway, closed by its stop(); a request goes only over a
 * connection the service has answered on (upstream-agent.ts says why). An idle socket is dropped a second before
 * the service would close it (its `Keep-Alive: timeout=65` hint): reusing one the service is closing breaks the
 * request off ("socket hang up", a 502). Node honours that hint only when the agent has a `timeout` of its own
 * (free sockets without a hint go after it); a request in flight is bounded by PROXY_TIMEOUT_MS instead.
 */
export const createUpstreamAgent = (): UpstreamAgent =>
  new UpstreamAgent({ probePath: '/healthz', maxSockets: 256, idleTimeoutMs: 60_000, queueTimeoutMs: PROXY_TIMEOUT_MS });

export interface Upstream {
  service: ServiceName;
  /** the service's instances (round-robin; one that failed to connect is skipped for a moment) */
  pool: UpstreamPool;
  logger: Logger;
  agent: UpstreamAgent;
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

/** The headers the gateway sets on the way to the service; the others pass unchanged. */
function outgoingHeaders(req: IncomingMessage): Record<string, string> {
  // The gateway compresses for the caller; from the service it wants the plain body (see app.ts).
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  const id = (req as { id?: unknown }).id;
  if (typeof id === 'string') headers['x-request-id'] = id;
  return headers;
}

type Respond = (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => void;

/**
 * Sends a request to one of the service's instances. The service's answer is streamed to the caller, or handed
 * to `respond` when given (the caching proxy).
 */
function forwarderTo(upstream: Upstream, respond?: Respond): RequestHandler {
  const { pool } = upstream;
  // X-Forwarded-* are set by edgeForwarding (forwarded.ts); http-proxy would append to the caller's (xfwd).
  const proxy = httpProxy.createProxyServer({ agent: upstream.agent, xfwd: false, proxyTimeout: PROXY_TIMEOUT_MS, selfHandleResponse: respond !== undefined });
  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const routed = req as RoutedRequest;
    // Round-robin over the instances; a request sent again avoids the one that failed it.
    const target = pool.targets.length > 1 ? (routed[TARGET] = pool.pick(routed[TARGET])) : pool.targets[0];
    // A buffered body (it may have to be sent again) is sent from the buffer: the request stream is spent.
    const body = routed[BODY];
    proxy.web(req, res, { target, headers: outgoingHeaders(req), buffer: body && Readable.from([body]) });
  };
  proxy.on('proxyRes', (proxyRes, req, res) => {
    watchBody(proxyRes, res, upstream, req.url);
    // The caller went away: stop reading the answer meant for it.
    res.on('close', () => {
      if (!res.writableEnded) proxyRes.destroy();
    });
    respond?.(proxyRes, req, res);
  });
  proxy.on('error', (error, req, res) => {
    const routed = req as RoutedRequest;
    if (!('headersSent' in res)) return void res.destroy();
    // The instance went away before answering (killed, restarting): once more, on another instance.
    if (connectionLost(error) && pool.targets.length > 1 && !res.headersSent && !routed[RETRIED] && replayable(routed)) {
      pool.failed(routed[TARGET] ?? String(pool.targets[0]));
      routed[RETRIED] = true;
      upstream.logger.warn({ err: error.message, service: upstream.service, url: req.url && loggableUrl(req.url) }, 'upstream instance failed; sent to another');
      return forward(req, res);
    }
    failUpstream(res, upstream, req.url, error);
  });
  return forward;
}

/**
 * Streams the request to the service unchanged (the body is never parsed here) and forwards the
 * request id, so one id follows a call through the gateway and the service logs.
 */
export const proxyTo = (upstream: Upstream): RequestHandler => forwarderTo(upstream);

/**
 * For cacheable GETs that missed the edge cache: fetches, answers and stores under the key set with
 * setCacheKey when the service allows it (s-maxage). The body is buffered, which is fine for these small reads.
 */
export function cachingProxyTo(upstream: Upstream, cache: EdgeCache): RequestHandler {
  return forwarderTo(upstream, (proxyRes, req, res) => {
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
  });
}
