import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { createLearner, DESKTOP, newPage, PHONE, signIn, type TestUser } from './fixtures/session';
import { PORTAL_URL } from './portal';

// A signed-in page is put together from several parts (the navbar's profile and balance, the area's
// remote, its data): none may push what is already on screen around as it arrives. Cumulative Layout
// Shift at most 0.1 (the "good" bound of Core Web Vitals) over a full load, on a phone and a desktop.
const GOOD_CLS = 0.1;
const PAGES = ['/my-classes', '/standings', '/games', '/gift', '/avater'];

let browser: Browser;
let learner: TestUser;

beforeAll(async () => {
  [browser, learner] = await Promise.all([launchBrowser(), createLearner()]);
});
afterAll(async () => {
  await browser?.close();
});

/** Sums every layout shift not caused by input, from the first paint on (set up before each load). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShiftOf(page: Page, path: string): Promise<number> {
  await page.goto(`${PORTAL_URL}${path}`, { waitUntil: 'networkidle' });
  await page.locator('.remote-area[aria-busy="false"]').waitFor();
  await page.waitForTimeout(500);
  return page.evaluate(() => Math.round((window as unknown as { __cls: number }).__cls * 1000) / 1000);
}

describe('layout stability of the learner pages', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`when a learner loads each of their pages on a ${device}, then nothing on screen moves as the parts arrive (CLS ≤ ${GOOD_CLS}) and the navbar stays one row with the balance in it`, async () => {
      const page = await newPage(browser, viewport);
      await watchLayoutShifts(page);
      await signIn(page, learner, '/my-classes');
      const shifts: Record<string, number> = {};
      for (const path of PAGES) shifts[path] = await layoutShiftOf(page, path);
      expect(Object.entries(shifts).filter(([, cls]) => cls > GOOD_CLS)).toEqual([]);
      const bar = await page.locator('header.navbar').boundingBox();
      expect(bar?.height).toBeLessThanOrEqual(72);
      // The learner's balance is in the bar at every width (SPEC), not only in the menu.
      expect(await page.locator('.navbar-actions [data-testid="gem-badge"]').isVisible()).toBe(true);
      await page.context().close();
    });
  }
});
