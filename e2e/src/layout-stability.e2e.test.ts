import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { createLearner, DESKTOP, newPage, PHONE, signIn, type TestUser } from './fixtures/session';
import { PORTAL_URL } from './portal';
import { cleanUpJourney } from './fixtures/cleanup';

// A signed-in page is put together from several parts (the navbar's profile and balance, the area's
// remote, its data): none may push what is already on screen around as it arrives. Cumulative Layout
// Shift at most 0.1 (the "good" bound of Core Web Vitals) over a full load, on a phone and a desktop.
const GOOD_CLS = 0.1;
/**
 * The page runs on a CPU slowed 4×, as on a modest phone: the parts then arrive in the orders a busy machine
 * produces (a CI run once had the avatars land after the "Your parent" card and push it 140 px down), so a
 * page whose parts can arrive in a shifting order fails here every time, not now and then.
 */
const CPU_SLOWDOWN = 4;
const PAGES = ['/my-classes', '/standings', '/games', '/gift', '/avater'];

let browser: Browser;
let learner: TestUser;

beforeAll(async () => {
  [browser, learner] = await Promise.all([launchBrowser(), createLearner()]);
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner);
});

type ShiftEntry = { value: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
type ShiftWindow = { __cls: number; __moved: string[]; __clsObserver: PerformanceObserver; __countShifts: (entries: ShiftEntry[]) => void };

/**
 * Sums every layout shift not caused by input, from the first paint on (set up before each load), and names
 * what moved (for the failure message).
 */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as ShiftWindow;
    w.__cls = 0;
    w.__moved = [];
    const nameOf = (node: Node | null | undefined) => (node instanceof Element ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).trim().replace(/\s+/g, '.')}` : ''}` : String(node?.nodeName));
    w.__countShifts = (entries) => {
      for (const entry of entries) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        for (const source of entry.sources ?? []) w.__moved.push(`${nameOf(source.node)} y ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)} (${entry.value.toFixed(3)})`);
      }
    };
    w.__clsObserver = new PerformanceObserver((list) => w.__countShifts(list.getEntries() as unknown as ShiftEntry[]));
    w.__clsObserver.observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The page's shifts once it is complete: its area rendered, the network quiet, fonts loaded and two frames
 * drawn since; the shifts of those frames are taken from the observer's queue rather than waited for.
 */
async function layoutShiftOf(page: Page, path: string): Promise<{ cls: number; moved: string[] }> {
  await page.goto(`${PORTAL_URL}${path}`, { waitUntil: 'networkidle' });
  await page.locator('.remote-area[aria-busy="false"]').waitFor();
  return page.evaluate(async () => {
    const w = window as unknown as ShiftWindow;
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    w.__countShifts(w.__clsObserver.takeRecords() as unknown as ShiftEntry[]);
    return { cls: Math.round(w.__cls * 1000) / 1000, moved: w.__moved };
  });
}

describe('layout stability of the learner pages', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`when a learner loads each of their pages on a ${device}, then nothing on screen moves as the parts arrive (CLS ≤ ${GOOD_CLS}) and the navbar stays one row with the balance in it`, async () => {
      const page = await newPage(browser, viewport);
      await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await watchLayoutShifts(page);
      await signIn(page, learner, '/my-classes');
      const shifts: Record<string, { cls: number; moved: string[] }> = {};
      const bars: Record<string, { height: number | undefined; balanceInBar: boolean }> = {};
      for (const path of PAGES) {
        shifts[path] = await layoutShiftOf(page, path);
        // On each page: one row, and the learner's balance in the bar at every width (SPEC), not only in the menu.
        bars[path] = {
          height: (await page.locator('header.navbar').boundingBox())?.height,
          balanceInBar: await page.locator('.navbar-actions [data-testid="gem-badge"]').isVisible(),
        };
      }
      expect(Object.entries(shifts).filter(([, { cls }]) => cls > GOOD_CLS)).toEqual([]);
      expect(Object.entries(bars).filter(([, bar]) => !(bar.height !== undefined && bar.height <= 72 && bar.balanceInBar))).toEqual([]);
      await page.context().close();
    });
  }
});
