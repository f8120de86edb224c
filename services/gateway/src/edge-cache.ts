import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';

/**
 * A shared HTTP cache at the edge for GETs, driven only by what the service says: a response is kept for
 * `s-maxage` seconds when it is a 200 with `Cache-Control: s-maxage=N` (N > 0), not private or no-store,
 * and sets no cookie. Browsers' `max-age` is not used here, so a service opts in per response. Keys carry
 * the caller's audience (see audience.ts).
 */
export interface CachedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  storedAt: number;
  ttlMs: number;
}

/** Headers that describe one connection, never a stored response. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'x-request-id', 'age']);

export function sharedMaxAgeSeconds(cacheControl: string | undefined): number | undefined {
  if (!cacheControl) return undefined;
  const directives = cacheControl.toLowerCase().split(',').map((part) => part.trim());
  if (directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache')) return undefined;
  const sMaxAge = directives.find((d) => d.startsWith('s-maxage='));
  const seconds = sMaxAge ? Number(sMaxAge.slice('s-maxage='.length)) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

export function createEdgeCache({ maxBytes = 32 * 1024 * 1024 }: { maxBytes?: number } = {}) {
  const entries = new LRUCache<string, CachedResponse>({ maxSize: maxBytes, sizeCalculation: (entry) => entry.body.length + 512 });

  return {
    get(key: string): CachedResponse | undefined {
      const entry = entries.get(key);
      if (entry && Date.now() - entry.storedAt < entry.ttlMs) return entry;
      if (entry) entries.delete(key);
      return undefined;
    },
    /** Stores the service's answer if it allows a shared cache to; returns whether it did. */
    store(key: string, status: number, headers: IncomingMessage['headers'], body: Buffer): boolean {
      const seconds = sharedMaxAgeSeconds(headers['cache-control']);
      if (status !== 200 || seconds === undefined || headers['set-cookie']) return false;
      const kept: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
      entries.set(key, { status, headers: kept, body, storedAt: Date.now(), ttlMs: seconds * 1000 });
      return true;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type EdgeCache = ReturnType<typeof createEdgeCache>;

export function sendCached(res: ServerResponse, entry: CachedResponse): void {
  res.writeHead(entry.status, {
    ...entry.headers,
    age: String(Math.floor((Date.now() - entry.storedAt) / 1000)),
    'x-cache': 'HIT',
    'content-length': String(entry.body.length),
  });
  res.end(entry.body);
}
