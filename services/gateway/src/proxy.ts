import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware, type Options } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import type { EdgeCache } from './edge-cache';
import { messages } from './messages';
import type { ServiceName } from './routes';

/** Keep-alive sockets to the services: without them every proxied request pays a TCP handshake. */
const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });

/** The edge-cache key of a request: its audience, then its full original path and query. */
export const cacheKey = (audience: string, req: IncomingMessage): string =>
  `${audience} ${(req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/'}`;

/** Where the caching proxy finds the key it should store the answer under. */
const CACHE_KEY = Symbol('edge cache key');
type KeyedRequest = IncomingMessage & { [CACHE_KEY]?: string };
export const setCacheKey = (req: IncomingMessage, key: string): void => {
  (req as KeyedRequest)[CACHE_KEY] = key;
};

function baseOptions(service: ServiceName, target: string, logger: Logger): Options<IncomingMessage, ServerResponse> {
  return {
    target,
    agent: keepAliveAgent,
    xfwd: true,
    proxyTimeout: 30_000,
    on: {
      proxyReq: (proxyReq, req) => {
        const id = (req as { id?: unknown }).id;
        if (typeof id === 'string') proxyReq.setHeader('x-request-id', id);
      },
      error: (error, req, res) => {
        logger.warn({ err: error, service, url: req.url }, 'upstream unavailable');
        if ('headersSent' in res && !res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'BadGateway', message: messages.serviceUnavailable(service) }));
        } else {
          res.end();
        }
      },
    },
  };
}

/**
 * Streams the request to the service unchanged (the body is never parsed here) and forwards the
 * request id, so one id follows a call through the gateway and the service logs.
 */
export function proxyTo(service: ServiceName, target: string, logger: Logger): RequestHandler {
  return createProxyMiddleware(baseOptions(service, target, logger)) as unknown as RequestHandler;
}

/**
 * For cacheable GETs that missed the edge cache: fetches, answers and stores under the key set with
 * setCacheKey when the service allows it (s-maxage). The body is buffered, which is fine for these small reads.
 */
export function cachingProxyTo(service: ServiceName, target: string, logger: Logger, cache: EdgeCache): RequestHandler {
  const base = baseOptions(service, target, logger);
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    ...base,
    selfHandleResponse: true,
    on: {
      ...base.on,
      proxyRes: (proxyRes, req, res) => {
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

export function closeUpstreamSockets(): void {
  keepAliveAgent.destroy();
}
