import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@kidslearn/lib-core';
import type { Logger } from '@kidslearn/lib-core';

export interface RateLimitOptions {
  redis: Redis;
  keyPrefix: string;
  /** Requests allowed per window. */
  points: number;
  durationSeconds: number;
  /** Who is counted: defaults to the client IP. */
  key?: (req: Request) => string;
  logger?: Logger;
}

/**
 * Fixed-window limit shared by every instance (Redis). Over the limit → 429 with Retry-After.
 * If Redis is down the request passes (logged): a limiter outage must not take the API down.
 */
export function rateLimit({ redis, keyPrefix, points, durationSeconds, key, logger }: RateLimitOptions): RequestHandler {
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${keyPrefix}`, points, duration: durationSeconds });
  const keyOf = key ?? ((req: Request) => req.ip ?? 'unknown');
  return async (req, res, next) => {
    try {
      const result = await limiter.consume(keyOf(req));
      res.setHeader('RateLimit-Remaining', String(result.remainingPoints));
      next();
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.msBeforeNext / 1000))));
        next(AppError.tooMany());
      } else {
        logger?.warn({ err: (err as Error)?.message }, 'rate limiter unavailable; request allowed');
        next();
      }
    }
  };
}

export interface CallerRateLimitOptions {
  redis: Redis;
  keyPrefix: string;
  durationSeconds: number;
  /** Requests per window for one signed-in account (`req.auth.sub`, set by an earlier optional auth). */
  accountPoints: number;
  /**
   * Requests per window for one address without an account: higher, because a whole school may sit
   * behind one address and share it.
   */
  ipPoints: number;
  logger?: Logger;
}

/** Limits a signed-in caller per account and anyone else per IP, with the IP's higher ceiling. */
export function callerRateLimit({ redis, keyPrefix, durationSeconds, accountPoints, ipPoints, logger }: CallerRateLimitOptions): RequestHandler {
  const perAccount = rateLimit({ redis, keyPrefix: `${keyPrefix}:account`, points: accountPoints, durationSeconds, key: (req) => accountOf(req) ?? '', logger });
  const perIp = rateLimit({ redis, keyPrefix: `${keyPrefix}:ip`, points: ipPoints, durationSeconds, logger });
  return (req, res, next) => (accountOf(req) ? perAccount : perIp)(req, res, next);
}

const accountOf = (req: Request): string | undefined => (req as Request & { auth?: { sub?: string } }).auth?.sub || undefined;
