import http from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { messages } from './messages';
import type { ServiceName } from './routes';

/** Keep-alive sockets to the services: without them every proxied request pays a TCP handshake. */
const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });

/**
 * Streams the request to the service unchanged (the body is never parsed here) and forwards the
 * request id, so one id follows a call through the gateway and the service logs.
 */
export function proxyTo(service: ServiceName, target: string, logger: Logger): RequestHandler {
  return createProxyMiddleware({
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
  });
}

export function closeUpstreamSockets(): void {
  keepAliveAgent.destroy();
}
