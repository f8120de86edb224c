import express from 'express';
import type { Express, RequestHandler } from 'express';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import { createLogger, httpTiming } from '@kidslearn/lib-core';
import type { Logger } from '@kidslearn/lib-core';
import { accessLog } from './access-log';
import { trustGateway } from './trust-gateway';
import { errorHandler, notFoundHandler } from './error-handler';
import { isDraining } from './draining';
import './types';

export interface AppOptions {
  name: string;
  logger: Logger;
  /** Named checks for GET /readyz; each rejects when its dependency is not usable. */
  readiness?: Record<string, () => Promise<void>>;
  /** JSON body limit (express/body-parser syntax). */
  bodyLimit?: string | number;
  /** Whose X-Forwarded-For to believe (express "trust proxy"): the gateway's address; default loopback. */
  trustProxy?: string;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's x-request-id is kept when it looks sane, else a new UUID; echoed on the response. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    req.id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', req.id);
    next();
  };
}

export function createApp({ name, logger, readiness = {}, bodyLimit = '100kb', trustProxy = 'loopback' }: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('kidslearn.logger', logger);
  // The gateway sets X-Forwarded-For to the socket it saw; only the gateway's address is believed, so
  // req.ip (rate limits) is the client the gateway saw, and a direct caller's forged header is ignored.
  app.set('trust proxy', trustGateway(trustProxy));
  app.use(helmet());
  app.use(requestId());
  const timed = httpTiming(name);
  if (timed) app.use(timed);
  app.use(accessLog(logger.child({ service: name }), { ignore: ['/healthz', '/readyz'], idOf: (req) => (req as express.Request).id }));
  app.use(express.json({ limit: bodyLimit }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: name });
  });
  app.get('/readyz', async (_req, res) => {
    if (isDraining(app)) {
      res.status(503).json({ status: 'draining', checks: {} });
      return;
    }
    const checks: Record<string, string> = {};
    await Promise.all(
      Object.entries(readiness).map(async ([check, fn]) => {
        try {
          await fn();
          checks[check] = 'ok';
        } catch (err) {
          checks[check] = 'failing';
          logger.warn({ check, err }, 'readiness check failed');
        }
      }),
    );
    const ready = Object.values(checks).every((v) => v === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks });
  });
  return app;
}

/** Call after the routes: unknown routes → 404, then the one error handler. */
export function finishApp(app: Express, logger?: Logger): Express {
  const log = logger ?? (app.get('kidslearn.logger') as Logger | undefined) ?? createLogger('http');
  app.use(notFoundHandler());
  app.use(errorHandler(log));
  return app;
}
