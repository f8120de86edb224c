// Lighthouse through its CLI in a child process: the package is ESM-only while the bench runs as CommonJS,
// and a separate process keeps a crashing audit from taking the whole bench down.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type LighthousePreset = 'mobile' | 'desktop';

export interface LighthouseResult {
  preset: LighthousePreset;
  /** Category scores 0–100. */
  performance: number;
  accessibility: number;
  /** Core metrics as Lighthouse displays them ("1.2 s", "0 ms" ...). */
  metrics: Record<string, string>;
  /** Failing accessibility audits, then performance insights/opportunities (score < 0.9), worst first. */
  weakAudits: { category: string; id: string; title: string; score: number; displayValue?: string }[];
  warnings: string[];
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
}

const CHROME_PATH = '/usr/bin/chromium';
// --disable-background-networking keeps Chromium itself off the internet (no component/variations fetches).
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive'];
const RUN_TIMEOUT_MS = 180_000;

function lighthouseCli(): string {
  return path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [lighthouseCli(), ...args], { env: { ...process.env, CHROME_PATH }, timeout: RUN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`lighthouse failed: ${error.message}\n${stderr.slice(-2000)}`));
      else resolve();
    });
  });
}

function score(lhr: Lhr, category: string): number {
  const value = lhr.categories[category]?.score;
  if (value === null || value === undefined) throw new Error(`lighthouse gave no ${category} score`);
  return Math.round(value * 100);
}

function weakAudits(lhr: Lhr): LighthouseResult['weakAudits'] {
  const weak: LighthouseResult['weakAudits'] = [];
  for (const [category, { auditRefs }] of Object.entries(lhr.categories)) {
    for (const ref of auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      // Weighted performance audits are the metrics, reported apart; the weightless ones
      // (insights, opportunities, diagnostics) explain them.
      if (category === 'performance' && ref.weight > 0) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      weak.push({ category, id: ref.id, title: audit.title, score: audit.score, displayValue: audit.displayValue });
    }
  }
  return weak.sort((a, b) => Number(a.category !== 'accessibility') - Number(b.category !== 'accessibility') || a.score - b.score);
}

/**
 * One Lighthouse run (performance + accessibility) of `url` with Debian Chromium; mobile is Lighthouse's default.
 * With `port`, Lighthouse drives an already running Chromium (e.g. one signed in, see signed-in-browser.ts)
 * and keeps its storage, so the page loads as that user.
 */
export async function runLighthouse(url: string, preset: LighthousePreset = 'mobile', options: { port?: number } = {}): Promise<LighthouseResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kidslearn-lighthouse-'));
  const output = path.join(dir, 'report.json');
  try {
    await run([
      url,
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility',
      ...(options.port === undefined ? [`--chrome-flags=${CHROME_FLAGS}`] : [`--port=${options.port}`, '--disable-storage-reset']),
      '--quiet',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ]);
    const lhr = JSON.parse(readFileSync(output, 'utf8')) as Lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? 'n/a']));
    return { preset, performance: score(lhr, 'performance'), accessibility: score(lhr, 'accessibility'), metrics, weakAudits: weakAudits(lhr), warnings: lhr.runWarnings };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
