import type { Server } from 'node:http';
import compression from 'compression';
import cors from 'cors';
import express from 'express';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import { createLogger, type Logger } from '@kidslearn/lib-core';
import { accessLog, closeServer, isDraining, listen, requestId } from '@kidslearn/lib-http';
import { type GatewayConfig, upstreams } from './config';
import { checkDependencies } from './health';
import { messages } from './messages';
import { createAuth } from '@kidslearn/lib-auth';
import { httpTiming } from '@kidslearn/lib-core';
import { audienceOf, type VerifyToken, wantsFresh } from './audience';
import { cachePolicy } from './cache-policy';
import { createEdgeCache, sendCached } from './edge-cache';
import { edgeForwarding } from './forwarded';
import { rejectMalformedPath } from './path-guard';
import { bufferReplayableBody, cacheKey, cachingProxyTo, createUpstreamAgent, proxyTo, setCacheKey } from './proxy';
import { SERVICES, type ServiceName, openApiService, resolveService } from './routes';
import { createUpstreamPool } from './upstream-pool';

export interface GatewayDeps {
  /** Verifies a bearer token for the edge cache's audience; defaults to the realm's keys (lib-auth). */
  verifyToken?: VerifyToken;
  /** Where the default logger writes (tests read it); stdout otherwise. */
  logDestination?: DestinationStream;
}

/** The gateway's logger: lib-core's, so Authorization and cookies are redacted like in every service. */
export const gatewayLogger = (config: GatewayConfig, destination?: DestinationStream): Logger =>
  createLogger('gateway', config.LOG_LEVEL, destination);

export function buildGateway(config: GatewayConfig, logger?: Logger, deps: GatewayDeps = {}) {
  const log = logger ?? gatewayLogger(config, deps.logDestination);
  const targets = upstreams(config);
  const agent = createUpstreamAgent();
  const verifyToken =
    deps.verifyToken ??
    createAuth({
      keycloakUrl: config.KEYCLOAK_URL,
      issuerUrl: config.KEYCLOAK_ISSUER_URL,
      realm: config.KEYCLOAK_REALM,
      audience: config.KEYCLOAK_AUDIENCE,
    }).verify;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const timed = httpTiming('gateway');
  if (timed) app.use(timed);

  // Reuse a well-formed incoming id so a call can be followed from the browser to the service.
  app.use(requestId());
  app.use(accessLog(log, { ignore: ['/healthz', '/livez'], idOf: (req) => (req as express.Request).id }));
  // Images (avatars, gifts, photos) are loaded cross-origin by the portal, so resources must be shareable.
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  // No cache past the gateway keeps a learner's data (cache-policy.ts); helmet sets nosniff, a referrer policy
  // and a CSP for the rare browser that renders an answer.
  app.use(cachePolicy());
  // Answers are compressed here, at the one edge (gzip or brotli as the client accepts, from 1 KB; images
  // are left alone): a lesson list is 17 KB of JSON, 3 KB compressed. The services answer uncompressed
  // (see proxy.ts), so the edge cache holds one plain copy; a hit goes out in the copy compressed for its
  // encoding (edge-cache.ts), and only what is proxied passes through the compression stream.
  const compress = compression();
  app.use(edgeForwarding(config.TRUSTED_PROXIES));
  app.use(rejectMalformedPath());
  app.use(
    cors({
      origin: config.PORTAL_ORIGINS,
      // X-Test-Now: the browser journeys' controlled clock; only a service started with ALLOW_TEST_CLOCK (never in
      // production) reads it, every other ignores it.
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id', 'X-Test-Now'],
      exposedHeaders: ['X-Request-Id'],
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    }),
  );

  const pools = Object.fromEntries(SERVICES.map((name) => [name, createUpstreamPool(targets[name])])) as Record<ServiceName, ReturnType<typeof createUpstreamPool>>;
  const upstreamOf = (service: ServiceName) => ({ service, pool: pools[service], logger: log, agent });
  // A write with an Idempotency-Key is kept in memory (small JSON bodies), so it can go to another instance
  // when its first one dies before answering; everything else streams straight through.
  const keepReplayable = bufferReplayableBody();
  const proxies = Object.fromEntries(SERVICES.map((name) => [name, proxyTo(upstreamOf(name))]));
  const edgeCache = createEdgeCache();
  const cachingProxies = Object.fromEntries(SERVICES.map((name) => [name, cachingProxyTo(upstreamOf(name), edgeCache)]));
  app.use(async (req, res, next) => {
    const service = resolveService(req.path);
    if (!service) return next();
    // The gateway does not authorise: a token only picks the cache audience; the service still decides.
    const audience = await audienceOf(req, verifyToken);
    if (audience === undefined) {
      if (pools[service].targets.length > 1) await keepReplayable(req);
      return compress(req, res, () => proxies[service]!(req, res, next));
    }
    const key = cacheKey(audience, req);
    const hit = wantsFresh(req) ? undefined : edgeCache.get(key);
    if (hit) return sendCached(req, res, hit);
    setCacheKey(req, key);
    return compress(req, res, () => cachingProxies[service]!(req, res, next));
  });

  // After the API routes: an API call, the most frequent request, does not pass through these on its way.
  app.get('/openapi/:file', (req, res, next) => {
    const service = openApiService(req.path);
    if (!service) return next();
    req.url = '/openapi.json';
    return compress(req, res, () => proxies[service]!(req, res, next));
  });
  app.get('/livez', (_req, res) => {
    res.json({ status: 'up' });
  });
  app.get('/healthz', async (_req, res) => {
    if (isDraining(app)) {
      res.status(503).json({ service: 'gateway', status: 'draining', dependencies: {} });
      return;
    }
    const report = await checkDependencies(targets, config.HEALTH_TIMEOUT_MS);
    res.status(report.status === 'up' ? 200 : 503).json({ service: 'gateway', ...report });
  });

  app.use((_req, res) => {
    res.status(404).json({ error: 'NotFound', message: messages.notFound });
  });

  let server: Server | undefined;
  return {
    app,
    async start(port = config.PORT): Promise<number> {
      server = await listen(app, port);
      const address = server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      log.info({ port: boundPort, upstreams: targets }, 'gateway listening');
      return boundPort;
    },
    /**
     * Drains (lib-http closeServer): /healthz answers 503, no new connections, in-flight requests get up
     * to DRAIN_MS to finish, then every connection is closed; only then the keep-alive sockets to the services.
     */
    async stop(): Promise<void> {
      const closing = server;
      server = undefined;
      try {
        if (closing) await closeServer(closing, { graceMs: config.DRAIN_MS });
      } finally {
        agent.destroy();
      }
    },
  };
}
