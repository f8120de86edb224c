// Issue 4, frontend: JavaScript a visitor downloads for `/` until interactive, and Lighthouse scores.
import { chromium } from 'playwright-core';
import { lighthouseMedian } from './lighthouse-median';
import { describeTraffic, kb, portalOrigins, recordPageTraffic } from './page-traffic';
import type { BenchSection, Figure } from './types';

const HERO = 'Empowering students from small age towards vision';
const JS_BUDGET_KB = 180;

/**
 * Issue 4 (frontend): gzip JavaScript transferred for `/` until interactive (≤ 180 KB) and Lighthouse
 * performance (≥ 90) and accessibility (≥ 95) on `/`, mobile (Lighthouse's default) then desktop.
 */
export async function benchFrontend(portalUrl: string): Promise<BenchSection> {
  const home = new URL('/', portalUrl).href;
  const origins = await portalOrigins(home);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  let traffic;
  try {
    const page = await (await browser.newContext()).newPage();
    traffic = await recordPageTraffic(page, home, origins, (opened) => opened.getByRole('heading', { name: HERO }).waitFor({ state: 'visible', timeout: 60_000 }));
  } finally {
    await browser.close();
  }
  const { gzipTotal, notes } = describeTraffic(traffic);
  const figures: Figure[] = [{ name: 'JavaScript transferred for / until interactive (gzip)', value: kb(gzipTotal), unit: 'KB', budget: { op: '<=', value: JS_BUDGET_KB } }];
  for (const preset of ['mobile', 'desktop'] as const) {
    const lighthouse = await lighthouseMedian({ label: '/', url: home, preset });
    figures.push(...lighthouse.figures);
    notes.push(...lighthouse.notes);
  }
  return { title: 'Frontend: / for a visitor (issue 4)', figures, notes };
}
