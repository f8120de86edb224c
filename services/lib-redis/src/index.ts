export { connectRedis, redisReady } from './connect';
export type { Redis } from './connect';
export { createCache } from './cache';
export type { Cache } from './cache';
export { rateLimit } from './rate-limit';
export type { RateLimitOptions } from './rate-limit';
export { idempotency } from './idempotency';
export type { IdempotencyOptions } from './idempotency';
