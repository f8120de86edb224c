import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { AppError } from '@kidslearn/lib-core';

export interface IdempotencyOptions {
  redis: Redis;
  /** How long a key and its stored response live (default 24 h). */
  ttlSeconds?: number;
  /** Who owns the key; default the authenticated user (req.auth.sub), else the IP. */
  owner?: (req: Request) => string;
}

type Stored = { state: 'pending'; fingerprint: string } | { state: 'done'; fingerprint: string; status: number; body: unknown };

const KEY_FORMAT = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * `Idempotency-Key` support for POST/PUT/PATCH: the first request with a key runs and its
 * response (status < 500) is stored; the same key from the same user replays it (header
 * `Idempotent-Replayed: true`); a duplicate arriving while the first still runs gets 409; the
 * same key with a different request gets 422. Requests without the header pass through.
 * Mount it after authentication so the key is scoped to the user.
 */
export function idempotency({ redis, ttlSeconds = 24 * 3600, owner }: IdempotencyOptions): RequestHandler {
  const ownerOf = owner ?? ((req: Request) => (req as Request & { auth?: { sub?: string } }).auth?.sub ?? `ip:${req.ip}`);
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (!KEY_FORMAT.test(key)) return next(AppError.badRequest('Idempotency-Key must be 1-200 letters, digits or ._:-'));
    const redisKey = `idem:${ownerOf(req)}:${key}`;
    const fingerprint = createHash('sha256').update(`${req.method} ${req.originalUrl} ${JSON.stringify(req.body ?? null)}`).digest('hex');
    try {
      const pending: Stored = { state: 'pending', fingerprint };
      const claimed = await redis.set(redisKey, JSON.stringify(pending), 'EX', ttlSeconds, 'NX');
      if (!claimed) {
        const raw = await redis.get(redisKey);
        const stored = raw ? (JSON.parse(raw) as Stored) : undefined;
        if (!stored) return next(AppError.conflict('A request with this Idempotency-Key is being processed. Please retry.'));
        if (stored.fingerprint !== fingerprint) return next(new AppError(422, 'This Idempotency-Key was used for a different request.', 'idempotency_key_reused'));
        if (stored.state === 'pending') return next(AppError.conflict('A request with this Idempotency-Key is being processed. Please retry.'));
        res.setHeader('Idempotent-Replayed', 'true');
        return res.status(stored.status).json(stored.body);
      }
    } catch (err) {
      return next(err);
    }

    // Capture what the handler sends, store it once the response is finished.
    let body: unknown;
    const json = res.json.bind(res);
    res.json = (value: unknown) => {
      body = value;
      return json(value);
    };
    res.on('finish', () => {
      const done: Stored = { state: 'done', fingerprint, status: res.statusCode, body: body ?? null };
      const write = res.statusCode >= 500 ? redis.del(redisKey) : redis.set(redisKey, JSON.stringify(done), 'EX', ttlSeconds);
      write.catch(() => undefined);
    });
    next();
  };
}
