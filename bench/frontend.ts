// Issue 4, frontend: JavaScript a visitor downloads for `/` until interactive, and Lighthouse scores.
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from 'playwright-core';
import { type LighthousePreset, type LighthouseResult, runLighthouse } from './lighthouse';
import type { BenchSection, Figure } from './types';

const HERO = 'Empowering students from small age towards vision';
const JS_BUDGET_KB = 180;
const PERFORMANCE_BUDGET = 90;
const ACCESSIBILITY_BUDGET = 95;
const BIGGEST = 5;
const INTERACTIVE_TIMEOUT_MS = 60_000;

interface ScriptTransfer {
  url: string;
  /** Bytes on the wire when the server compresses, else the gzip -9 size of the body. */
  gzipBytes: number;
  rawBytes: number;
  servedCompressed: boolean;
}

interface PageTraffic {
  scripts: ScriptTransfer[];
  /** Everything the page fetched from Keycloak (check-sso), on the wire: not our JavaScript, reported apart. */
  keycloak: { requests: number; bytes: number };
  otherRequests: number;
}

interface RuntimeConfig {
  gatewayUrl?: string;
  keycloak?: { url?: string };
  remotes?: Record<string, string>;
}

/** The shell's own origin plus the remote origins from the config.json it is served with. */
async function portalOrigins(portalUrl: string): Promise<{ ours: Set<string>; keycloak?: string }> {
  const ours = new Set([new URL(portalUrl).origin]);
  const response = await fetch(new URL('/config.json', portalUrl));
  if (!response.ok) throw new Error(`${portalUrl}config.json answered ${response.status}`);
  const config = (await response.json()) as RuntimeConfig;
  for (const remote of Object.values(config.remotes ?? {})) ours.add(new URL(remote).origin);
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

/** Loads `/` as a visitor and records what it fetched until the hero shows and the network is idle. */
async function visitHome(portalUrl: string, origins: { ours: Set<string>; keycloak?: string }): Promise<PageTraffic> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const finished: Request[] = [];
    let recording = true;
    page.on('requestfinished', (request) => {
      if (recording) finished.push(request);
    });
    await page.goto(portalUrl, { waitUntil: 'load' });
    await page.getByRole('heading', { name: HERO }).waitFor({ state: 'visible', timeout: INTERACTIVE_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: INTERACTIVE_TIMEOUT_MS });
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
  } finally {
    await browser.close();
  }
}

/** Lighthouse runs per preset; the median run is reported. */
const LIGHTHOUSE_RUNS = 5;

const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

function lighthouseFigures(result: LighthouseResult): Figure[] {
  return [
    { name: `Lighthouse performance on / (${result.preset})`, value: result.performance, unit: 'score', budget: { op: '>=', value: PERFORMANCE_BUDGET } },
    { name: `Lighthouse accessibility on / (${result.preset})`, value: result.accessibility, unit: 'score', budget: { op: '>=', value: ACCESSIBILITY_BUDGET } },
  ];
}

function lighthouseNotes(result: LighthouseResult): string[] {
  const metrics = Object.entries(result.metrics).map(([id, value]) => `${id} ${value}`).join(', ');
  const weak = result.weakAudits.slice(0, 8).map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  return [
    `Lighthouse ${result.preset}: ${metrics}.`,
    ...(weak.length > 0 ? [`Lighthouse ${result.preset} weakest audits: ${weak.join('; ')}.`] : []),
    ...result.warnings.map((warning) => `Lighthouse ${result.preset} warning: ${warning}`),
  ];
}

/**
 * Issue 4 (frontend): gzip JavaScript transferred for `/` until interactive (≤ 180 KB) and Lighthouse
 * performance (≥ 90) and accessibility (≥ 95) on `/`, mobile (Lighthouse's default) then desktop.
 */
export async function benchFrontend(portalUrl: string): Promise<BenchSection> {
  const home = new URL('/', portalUrl).href;
  const origins = await portalOrigins(home);
  const traffic = await visitHome(home, origins);
  const gzipTotal = traffic.scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  const rawTotal = traffic.scripts.reduce((sum, script) => sum + script.rawBytes, 0);
  const biggest = [...traffic.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, BIGGEST);
  const compressedByServer = traffic.scripts.filter((script) => script.servedCompressed).length;

  const figures: Figure[] = [
    { name: 'JavaScript transferred for / until interactive (gzip)', value: kb(gzipTotal), unit: 'KB', budget: { op: '<=', value: JS_BUDGET_KB } },
  ];
  const notes = [
    `${traffic.scripts.length} scripts from ${[...new Set(traffic.scripts.map((script) => new URL(script.url).origin))].join(', ')}: ${kb(gzipTotal)} KB gzip, ${kb(rawTotal)} KB uncompressed.`,
    compressedByServer === traffic.scripts.length
      ? 'The static servers sent every script compressed; the figure is the bytes on the wire.'
      : `${traffic.scripts.length - compressedByServer} of ${traffic.scripts.length} scripts came uncompressed (sirv serves only pre-built .gz/.br files, and the builds emit none): the figure is zlib gzip level 9 of each body, what a gzip-serving server would send.`,
    `Biggest scripts (gzip): ${biggest.map((script) => `${script.url} ${kb(script.gzipBytes)} KB (${kb(script.rawBytes)} KB raw)`).join('; ')}.`,
    `Keycloak check-sso traffic (not our JavaScript, not in the figure): ${traffic.keycloak.requests} requests, ${kb(traffic.keycloak.bytes)} KB on the wire.`,
  ];

  // Lighthouse runs are independent; one failing (e.g. Chromium not starting) must not lose the others.
  // A single run varies by several points (mostly total blocking time on a shared 2-core machine), so
  // the figure is the median run of LIGHTHOUSE_RUNS, as Lighthouse's own guidance on variability advises.
  for (const preset of ['mobile', 'desktop'] satisfies LighthousePreset[]) {
    try {
      const runs: LighthouseResult[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await runLighthouse(home, preset));
      const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
      figures.push(...lighthouseFigures(median));
      notes.push(
        `Lighthouse ${preset}, ${runs.length} runs, median shown: performance ${runs.map((run) => run.performance).join(', ')}; accessibility ${runs.map((run) => run.accessibility).join(', ')}.`,
        ...lighthouseNotes(median),
      );
    } catch (error) {
      notes.push(`Lighthouse ${preset} did not produce scores: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return { title: 'Frontend: / for a visitor (issue 4)', figures, notes };
}
