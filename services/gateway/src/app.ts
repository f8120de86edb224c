import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import cors from 'cors';
import express from 'express';
import helmet from 'helmet';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { type GatewayConfig, upstreams } from './config';
import { checkDependencies } from './health';
import { messages } from './messages';
import { createAuth } from '@kidslearn/lib-auth';
import { audienceOf, type VerifyToken, wantsFresh } from './audience';
import { createEdgeCache, sendCached } from './edge-cache';
import { cacheKey, cachingProxyTo, closeUpstreamSockets, proxyTo, setCacheKey } from './proxy';
import { SERVICES, openApiService, resolveService } from './routes';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface GatewayDeps {
  /** Verifies a bearer token for the edge cache's audience; defaults to the realm's keys (lib-auth). */
  verifyToken?: VerifyToken;
}

export function buildGateway(config: GatewayConfig, logger = pino({ name: 'gateway', level: config.LOG_LEVEL }), deps: GatewayDeps = {}) {
  const targets = upstreams(config);
  const verifyToken =
    deps.verifyToken ?? createAuth({ keycloakUrl: config.KEYCLOAK_URL, issuerUrl: config.KEYCLOAK_ISSUER_URL, realm: config.KEYCLOAK_REALM }).verify;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use(
    pinoHttp({
      logger,
      // Reuse a well-formed incoming id so a call can be followed from the browser to the service.
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/livez' },
    }),
  );
  // Images (avatars, gifts, photos) are loaded cross-origin by the portal, so resources must be shareable.
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.use(
    cors({
      origin: config.PORTAL_ORIGINS,
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id'],
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    }),
  );

  app.get('/livez', (_req, res) => {
    res.json({ status: 'up' });
  });
  app.get('/healthz', async (_req, res) => {
    const report = await checkDependencies(targets, config.HEALTH_TIMEOUT_MS);
    res.status(report.status === 'up' ? 200 : 503).json({ service: 'gateway', ...report });
  });

  const proxies = Object.fromEntries(SERVICES.map((name) => [name, proxyTo(name, targets[name], logger)]));
  const edgeCache = createEdgeCache();
  const cachingProxies = Object.fromEntries(SERVICES.map((name) => [name, cachingProxyTo(name, targets[name], logger, edgeCache)]));
  app.get('/openapi/:file', (req, res, next) => {
    const service = openApiService(req.path);
    if (!service) return next();
    req.url = '/openapi.json';
    return proxies[service]!(req, res, next);
  });
  app.use(async (req, res, next) => {
    const service = resolveService(req.path);
    if (!service) return next();
    // The gateway does not authorise: a token only picks the cache audience; the service still decides.
    const audience = await audienceOf(req, verifyToken);
    if (audience === undefined) return proxies[service]!(req, res, next);
    const key = cacheKey(audience, req);
    const hit = wantsFresh(req) ? undefined : edgeCache.get(key);
    if (hit) return sendCached(res, hit);
    setCacheKey(req, key);
    return cachingProxies[service]!(req, res, next);
  });

  app.use((_req, res) => {
    res.status(404).json({ error: 'NotFound', message: messages.notFound });
  });

  let server: Server | undefined;
  return {
    app,
    async start(port = config.PORT): Promise<number> {
      server = await new Promise<Server>((resolve) => {
        const listening = app.listen(port, () => resolve(listening));
      });
      server.keepAliveTimeout = 65_000;
      const address = server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      logger.info({ port: boundPort, upstreams: targets }, 'gateway listening');
      return boundPort;
    },
    async stop(): Promise<void> {
      closeUpstreamSockets();
      if (!server) return;
      const closing = server;
      server = undefined;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
