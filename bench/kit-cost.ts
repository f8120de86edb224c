// Issue 8: "the kit adds at most 15 KB gzip to a remote's first load". Each remote is built once more with
// source maps (bench/kit-cost.webpack.js, a temporary directory; dist/ is left alone), its page is opened
// in headless Chromium against the running portal, and the remote's scripts it fetched until the first
// screen was up are looked up in the source-mapped build by chunk id and split by source file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { RawSourceMap } from 'source-map-js';
import { DEMO_ADMIN, DEMO_LEARNER } from '../e2e/src/fixtures/session';
import { type ChunkShare, kitShare } from './kit-attribution';
import { kitOnlyPackages } from './kit-packages';
import { kb } from './page-traffic';
import { coldPage, openSignedInBrowser } from './signed-in-browser';
import type { BenchSection, Figure } from './types';

const ROOT = path.resolve(__dirname, '..');
const BUDGET_KB = 15;
const READY_TIMEOUT_MS = 60_000;

interface User {
  email: string;
  password: string;
}

interface RemotePage {
  dir: string;
  /** The remote's key in the shell's config.json. */
  key: string;
  path: string;
  user?: User;
  heading: string;
}

const REMOTES: RemotePage[] = [
  { dir: 'mfe-public', key: 'mfe_public', path: '/', heading: 'Empowering students from small age towards vision' },
  { dir: 'mfe-learning', key: 'mfe_learning', path: '/my-classes', user: DEMO_LEARNER, heading: 'Lessons' },
  { dir: 'mfe-rewards', key: 'mfe_rewards', path: '/gift', user: DEMO_LEARNER, heading: 'Gift Shop' },
  { dir: 'mfe-admin', key: 'mfe_admin', path: '/dashboard', user: DEMO_ADMIN, heading: 'Admin Dashboard Overview' },
];

/** '874.9fbf72d1.js' → '874', 'remoteEntry.js' → 'remoteEntry': ids are stable, content hashes are not. */
const chunkId = (file: string) => file.replace(/(\.[0-9a-f]{8})?\.js$/, '');

/**
 * The code without what differs between the two builds: the license banner and the map comment (they name
 * files), and content hashes (remoteEntry.js lists the chunks' hashes, which the map comment changes).
 */
const codeOnly = (code: string) =>
  code
    .replace(/^\/\*! For license information please see \S+ \*\/\n/, '')
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '')
    .replace(/\b[0-9a-f]{8}\b/g, 'hash');

function buildWithSourceMaps(remoteDir: string, outDir: string): void {
  const webpack = path.join(ROOT, 'node_modules', '.bin', 'webpack');
  const args = ['--mode', 'production', '--config', path.join(__dirname, 'kit-cost.webpack.js'), '--output-path', outDir];
  const result = spawnSync(webpack, args, { cwd: remoteDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`source-mapped build of ${remoteDir} failed: ${(result.stderr || result.stdout).slice(-2000)}`);
}

/** The remote's scripts `url` fetched until its heading showed and the network went idle (no interaction). */
async function firstLoadScripts(page: Page, url: string, remoteOrigin: string, heading: string): Promise<Array<{ file: string; body: string }>> {
  const bodies: Array<Promise<{ file: string; body: string }>> = [];
  page.on('response', (response) => {
    const { origin, pathname } = new URL(response.url());
    if (origin !== remoteOrigin || !pathname.endsWith('.js') || response.status() >= 300) return;
    bodies.push(response.text().then((body) => ({ file: path.posix.basename(pathname), body })));
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: READY_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: READY_TIMEOUT_MS });
  return Promise.all(bodies);
}

interface RemoteResult {
  figure: Figure;
  notes: string[];
}

async function measureRemote(remote: RemotePage, context: BrowserContext, portalUrl: string, remoteOrigin: string, outDir: string): Promise<RemoteResult> {
  const remoteDir = path.join(ROOT, remote.dir);
  buildWithSourceMaps(remoteDir, outDir);
  const page = await coldPage({ context });
  let scripts;
  try {
    scripts = await firstLoadScripts(page, new URL(remote.path, portalUrl).href, remoteOrigin, remote.heading);
  } finally {
    await page.close();
  }
  if (scripts.length === 0) throw new Error(`${remote.path} fetched no script from ${remoteOrigin}`);
  const builtFiles = readdirSync(outDir).filter((file) => file.endsWith('.js'));
  const kitPackages = kitOnlyPackages(path.join(ROOT, 'kit'), remoteDir);
  const shares: Array<{ file: string; share: ChunkShare }> = [];
  const differing: string[] = [];
  for (const { file, body } of scripts) {
    const built = builtFiles.find((candidate) => chunkId(candidate) === chunkId(file));
    if (!built) throw new Error(`${remote.dir}: ${file} (served) has no chunk with id ${chunkId(file)} in the source-mapped build`);
    const code = readFileSync(path.join(outDir, built), 'utf8');
    if (codeOnly(code) !== codeOnly(body)) differing.push(file);
    const map = JSON.parse(readFileSync(path.join(outDir, `${built}.map`), 'utf8')) as RawSourceMap;
    shares.push({ file, share: kitShare(code, map, kitPackages) });
  }
  const sum = (pick: (share: ChunkShare) => number) => shares.reduce((total, { share }) => total + pick(share), 0);
  const owners = new Map<string, number>();
  for (const { share } of shares) for (const [owner, bytes] of share.byOwner) owners.set(owner, (owners.get(owner) ?? 0) + bytes);
  const ownRaw = owners.get('kit/src') ?? 0;
  const biggest = [...owners].filter(([owner]) => owner !== 'kit/src').sort((a, b) => b[1] - a[1]).slice(0, 5);
  const apportioned = sum((share) => (share.rawBytes ? (share.gzipBytes * share.kitRawBytes) / share.rawBytes : 0));
  const perChunk = shares.map(({ file, share }) => `${chunkId(file)} ${kb(share.kitGzipBytes)}/${kb(share.gzipBytes)}`).join(', ');
  const notes = [
    `${remote.dir} ${remote.path}${remote.user ? ` (${remote.user.email})` : ''}: ${shares.length} scripts from the remote, ${kb(sum((s) => s.gzipBytes))} KB gzip; kit ${kb(sum((s) => s.kitGzipBytes))} KB gzip ` +
      `(kit/src ${kb(ownRaw)} KB raw, its packages ${kb(sum((s) => s.kitRawBytes) - ownRaw)} KB raw${biggest.length ? `: ${biggest.map(([owner, bytes]) => `${owner} ${kb(bytes)}`).join(', ')}` : ''}). ` +
      `Per chunk, kit/all KB gzip: ${perChunk}. Cross-check, chunk gzip apportioned by raw share: ${kb(apportioned)} KB.`,
  ];
  if (differing.length > 0) notes.push(`WARNING ${remote.dir}: served ${differing.join(', ')} differ from the source-mapped build of the current sources (rebuild and restart the remote).`);
  const figure: Figure = { name: `${remote.dir}: kit in the first load of ${remote.path} (gzip)`, value: kb(sum((s) => s.kitGzipBytes)), unit: 'KB', budget: { op: '<=', value: BUDGET_KB } };
  return { figure, notes };
}

export async function benchKitCost(portalUrl: string): Promise<BenchSection> {
  const config = (await (await fetch(new URL('/config.json', portalUrl))).json()) as { areas: { name: string; entry: string }[] };
  const outRoot = mkdtempSync(path.join(tmpdir(), 'kidslearn-kit-cost-'));
  // One browser per user: a visitor's, then the signed-in ones (each page is opened with an empty cache).
  const browsers = new Map<string, { context: BrowserContext; close(): Promise<void> }>();
  const browserFor = async (user?: User, signInPath = '/') => {
    const key = user?.email ?? 'visitor';
    let browser = browsers.get(key);
    if (!browser) {
      if (user) browser = await openSignedInBrowser(user, signInPath);
      else {
        const launched = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
        browser = { context: await launched.newContext({ viewport: { width: 1280, height: 900 } }), close: () => launched.close() };
      }
      browsers.set(key, browser);
    }
    return browser.context;
  };
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    for (const remote of REMOTES) {
      const entry = config.areas.find((area) => area.name === remote.key)?.entry;
      if (!entry) throw new Error(`config.json names no remote ${remote.key}`);
      const context = await browserFor(remote.user, remote.path);
      const result = await measureRemote(remote, context, portalUrl, new URL(entry, portalUrl).origin, path.join(outRoot, remote.dir));
      figures.push(result.figure);
      notes.push(...result.notes);
    }
  } finally {
    for (const browser of browsers.values()) await browser.close();
    rmSync(outRoot, { recursive: true, force: true });
  }
  notes.push(
    'Method: each remote is built again with its production configuration plus SourceMapDevToolPlugin (module: false, columns: true) into a temporary directory; ' +
      'the chunks are the production ones byte for byte (checked against what the server sent, license banner, map comment and content hashes aside) with the same chunk ids. ' +
      "First load = the remote's scripts (remoteEntry.js and chunks) the page fetched in a cold headless Chromium until its heading showed and the network was idle, without any click. " +
      "Each minified range from one mapping to the next is attributed to that mapping's source; the kit = kit/src plus the packages its package.json dependencies pull in " +
      'that the remote\'s own dependencies do not (bench/kit-packages.ts). gzip: the kit\'s ranges of each chunk concatenated and compressed (gzip -9), summed over the chunks.',
  );
  return { title: 'Frontend kit: bytes per remote first load (issue 8)', figures, notes };
}
