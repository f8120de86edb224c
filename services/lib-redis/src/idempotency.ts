import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { AppError } from '@kidslearn/lib-core';
import type { Logger } from '@kidslearn/lib-core';

export interface IdempotencyOptions {
  redis: Redis;
  /** How long a key and its stored response live (default 24 h). */
  ttlSeconds?: number;
  /** How long an "in progress" marker lives if its request never finishes (default 60 s). */
  pendingTtlSeconds?: number;
  /** Who owns the key; default the authenticated user (req.auth.sub), else the IP. */
  owner?: (req: Request) => string;
  logger?: Logger;
}

type Stored = { state: 'pending'; fingerprint: string } | { state: 'done'; fingerprint: string; status: number; body: unknown };

const KEY_FORMAT = /^[A-Za-z0-9_.:-]{1,200}$/;
const IN_PROGRESS = 'A request with this Idempotency-Key is being processed. Please retry.';

/**
 * `Idempotency-Key` support for POST/PUT/PATCH: the first request with a key runs and its
 * response (status < 500) is stored; the same key from the same user replays it (header
 * `Idempotent-Replayed: true`); a duplicate arriving while the first still runs gets 409; the
 * same key with a different request gets 422. Requests without the header pass through.
 * Mount it after authentication so the key is scoped to the user.
 *
 * Best effort: if Redis cannot be reached the request runs without the guard (the handlers' own
 * database guards keep writes single) rather than failing a write that would have committed. The
 * "in progress" marker lives about a minute and is removed when the request ends without a response
 * (client gone, handler crashed), so a key is never locked for the whole stored-answer lifetime.
 */
export function idempotency({ redis, ttlSeconds = 24 * 3600, pendingTtlSeconds = 60, owner, logger }: IdempotencyOptions): RequestHandler {
  const ownerOf = owner ?? ((req: Request) => (req as Request & { auth?: { sub?: string } }).auth?.sub ?? `ip:${req.ip}`);
  const pendingTtl = Math.min(pendingTtlSeconds, ttlSeconds);
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (!KEY_FORMAT.test(key)) return next(AppError.badRequest('Idempotency-Key must be 1-200 letters, digits or ._:-'));
    const redisKey = `idem:${ownerOf(req)}:${key}`;
    const fingerprint = createHash('sha256').update(`${req.method} ${req.originalUrl} ${JSON.stringify(req.body ?? null)}`).digest('hex');
    try {
      const pending: Stored = { state: 'pending', fingerprint };
      const claimed = await redis.set(redisKey, JSON.stringify(pending), 'EX', pendingTtl, 'NX');
      if (!claimed) {
        const raw = await redis.get(redisKey);
        const stored = raw ? (JSON.parse(raw) as Stored) : undefined;
        if (!stored) return next(AppError.conflict(IN_PROGRESS));
        if (stored.fingerprint !== fingerprint) return next(new AppError(422, 'This Idempotency-Key was used for a different request.', 'idempotency_key_reused'));
        if (stored.state === 'pending') return next(AppError.conflict(IN_PROGRESS));
        res.setHeader('Idempotent-Replayed', 'true');
        return res.status(stored.status).json(stored.body);
      }
    } catch (err) {
      logger?.warn({ err: (err as Error)?.message }, 'idempotency store unavailable; request runs unguarded');
      return next();
    }

    // Capture what the handler sends, store it once the response is finished.
    let body: unknown;
    const json = res.json.bind(res);
    res.json = (value: unknown) => {
      body = value;
      return json(value);
    };
    res.once('close', () => {
      const answered = res.writableFinished && res.statusCode < 500;
      const done: Stored = { state: 'done', fingerprint, status: res.statusCode, body: body ?? null };
      const write = answered ? redis.set(redisKey, JSON.stringify(done), 'EX', ttlSeconds) : redis.del(redisKey);
      write.catch(() => undefined);
    });
    next();
  };
}
