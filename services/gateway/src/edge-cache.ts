import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compressible from 'compressible';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import vary from 'vary';

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
  /** What a hit sends per encoding (body and headers but the age), made on the first hit that asks for it. */
  variants: Partial<Record<Encoding | 'identity', Variant>>;
}

interface Variant {
  body: Buffer;
  headers: Record<string, string | string[]>;
}

type Encoding = 'br' | 'gzip';
/** Like the compression middleware on the proxied path: brotli, then gzip, from 1 KB, compressible types only. */
const ENCODINGS = ['br', 'gzip', 'identity'];
const PREFERRED: Encoding[] = ['br', 'gzip'];
const THRESHOLD_BYTES = 1024;
const compress: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

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
  // Sized by the plain body: an entry's compressed copies (made later, on demand) are each a fraction of it,
  // so the cache holds at most about 1.5 × maxBytes.
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
      entries.set(key, { status, headers: kept, body, storedAt: Date.now(), ttlMs: seconds * 1000, variants: {} });
      return true;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type EdgeCache = ReturnType<typeof createEdgeCache>;

/** The encoding a hit goes out in: what the caller accepts best, when the body is worth compressing. */
function encodingFor(req: IncomingMessage, entry: CachedResponse): Encoding | undefined {
  const type = entry.headers['content-type'];
  if (entry.body.length < THRESHOLD_BYTES || typeof type !== 'string' || !compressible(type)) return undefined;
  // negotiator 0.6.4 takes the order to prefer on a tie (the compression middleware passes it too); its types predate it.
  const negotiator = new Negotiator(req) as unknown as { encoding(available: string[], preferred: Encoding[]): string | undefined };
  const chosen = negotiator.encoding(ENCODINGS, PREFERRED);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

function variantOf(entry: CachedResponse, encoding: Encoding | undefined): Variant {
  const body = encoding ? compress[encoding](entry.body) : entry.body;
  const headers = {
    ...entry.headers,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    vary: vary.append(String(entry.headers.vary ?? ''), 'Accept-Encoding'),
    'x-cache': 'HIT',
    'content-length': String(body.length),
  };
  return { body, headers };
}

/**
 * Answers from the cache. Each encoding's body and headers are made once per entry, the body compressed at a
 * higher level than a per-request stream affords (a cached answer is sent many times): compressing and
 * rebuilding the headers on every hit was most of a hit's cost.
 */
export function sendCached(req: IncomingMessage, res: ServerResponse, entry: CachedResponse): void {
  const encoding = encodingFor(req, entry);
  const variant = (entry.variants[encoding ?? 'identity'] ??= variantOf(entry, encoding));
  res.setHeader('age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
  res.writeHead(entry.status, variant.headers);
  res.end(variant.body);
}
