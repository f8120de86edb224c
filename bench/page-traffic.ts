// What a page fetched until it was ready: our scripts (gzip bytes on the wire) and Keycloak's traffic apart.
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

export interface ScriptTransfer {
  url: string;
  /** Bytes on the wire when the server compresses, else the gzip -9 size of the body. */
  gzipBytes: number;
  rawBytes: number;
  servedCompressed: boolean;
}

export interface PageTraffic {
  scripts: ScriptTransfer[];
  /** Everything the page fetched from Keycloak (check-sso), on the wire: not our JavaScript, reported apart. */
  keycloak: { requests: number; bytes: number };
  otherRequests: number;
}

export interface PortalOrigins {
  ours: Set<string>;
  keycloak?: string;
}

interface RuntimeConfig {
  gatewayUrl?: string;
  keycloak?: { url?: string };
  areas?: { entry: string }[];
}

const READY_TIMEOUT_MS = 60_000;

/** The shell's own origin plus the remote origins from the config.json it is served with. */
export async function portalOrigins(portalUrl: string): Promise<PortalOrigins> {
  const ours = new Set([new URL(portalUrl).origin]);
  const response = await fetch(new URL('/config.json', portalUrl));
  if (!response.ok) throw new Error(`${portalUrl}config.json answered ${response.status}`);
  const config = (await response.json()) as RuntimeConfig;
  for (const area of config.areas ?? []) ours.add(new URL(area.entry, portalUrl).origin);
  if (config.gatewayUrl) ours.add(new URL(config.gatewayUrl).origin);
  return { ours, keycloak: config.keycloak?.url ? new URL(config.keycloak.url).origin : undefined };
}

function isScript(request: Request, contentType: string): boolean {
  return request.resourceType() === 'script' || /javascript|ecmascript/.test(contentType);
}

async function measureScript(request: Request): Promise<ScriptTransfer | undefined> {
  const response = await request.response();
  if (!response || response.status() >= 300) return undefined;
  const body = await response.body();
  const encoding = (await response.headerValue('content-encoding')) ?? '';
  const servedCompressed = /gzip|br|deflate|zstd/.test(encoding);
  const gzipBytes = servedCompressed ? (await request.sizes()).responseBodySize : gzipSync(body, { level: 9 }).length;
  return { url: request.url(), gzipBytes, rawBytes: body.length, servedCompressed };
}

/** Opens `url` in `page` (a fresh cache) and records what it fetched until `ready` holds and the network is idle. */
export async function recordPageTraffic(page: Page, url: string, origins: PortalOrigins, ready: (page: Page) => Promise<void>): Promise<PageTraffic> {
  const finished: Request[] = [];
  let recording = true;
  page.on('requestfinished', (request) => {
    if (recording) finished.push(request);
  });
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle', { timeout: READY_TIMEOUT_MS });
  recording = false;

  const traffic: PageTraffic = { scripts: [], keycloak: { requests: 0, bytes: 0 }, otherRequests: 0 };
  for (const request of finished) {
    const origin = new URL(request.url()).origin;
    if (origin === origins.keycloak) {
      const sizes = await request.sizes();
      traffic.keycloak.requests += 1;
      traffic.keycloak.bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      continue;
    }
    const contentType = (await (await request.response())?.headerValue('content-type')) ?? '';
    const script = origins.ours.has(origin) && isScript(request, contentType) ? await measureScript(request) : undefined;
    if (script) traffic.scripts.push(script);
    else traffic.otherRequests += 1;
  }
  return traffic;
}

export const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

/** Totals and the notes that explain a traffic figure. */
export function describeTraffic(traffic: PageTraffic, biggest = 5): { gzipTotal: number; notes: string[] } {
  const gzipTotal = traffic.scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  const rawTotal = traffic.scripts.reduce((sum, script) => sum + script.rawBytes, 0);
  const largest = [...traffic.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, biggest);
  const compressedByServer = traffic.scripts.filter((script) => script.servedCompressed).length;
  return {
    gzipTotal,
    notes: [
      `${traffic.scripts.length} scripts from ${[...new Set(traffic.scripts.map((script) => new URL(script.url).origin))].join(', ')}: ${kb(gzipTotal)} KB gzip, ${kb(rawTotal)} KB uncompressed.`,
      compressedByServer === traffic.scripts.length
        ? 'The static servers sent every script compressed; the figure is the bytes on the wire.'
        : `${traffic.scripts.length - compressedByServer} of ${traffic.scripts.length} scripts came uncompressed: the figure counts zlib gzip level 9 of each of those bodies.`,
      `Biggest scripts (gzip): ${largest.map((script) => `${script.url} ${kb(script.gzipBytes)} KB (${kb(script.rawBytes)} KB raw)`).join('; ')}.`,
      `Keycloak traffic (login check, not our JavaScript, not in the figure): ${traffic.keycloak.requests} requests, ${kb(traffic.keycloak.bytes)} KB on the wire.`,
    ],
  };
}
