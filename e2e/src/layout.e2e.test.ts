// Every page fits a 390 px phone (no horizontal scroll: /standings was 483 px wide with a long lesson name on
// an unwrapped button), and at 1280 px no table header or gift name is broken inside a word ('Co st',
// 'Request ed', 'Stick er Pack'): public pages, the learner's pages and the admin's.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { seriousA11yViolations } from './fixtures/axe';
import { cleanUpJourney } from './fixtures/cleanup';
import { createJourneyLesson, type JourneyLesson } from './fixtures/lessons';
import { horizontalOverflow, wordsBrokenAcrossLines } from './fixtures/layout';
import { createAdmin, createLearner, DESKTOP, gatewayCall, newPage, PHONE, signIn, type TestUser } from './fixtures/session';
import { PORTAL_URL } from './portal';

const PUBLIC_PAGES = ['/', '/course-details', '/Premium', '/about', '/forbidden', '/authentication/registration'];
const LEARNER_PAGES = ['/my-classes', '/standings', '/games', '/gift', '/avater'];
const ADMIN_PAGES = ['/dashboard', '/dashboard/my-users', '/dashboard/add-lesson', '/dashboard/make-admin', '/dashboard/redem-pending', '/dashboard/reviews'];

let browser: Browser;
let learner: TestUser;
let admin: TestUser;
let lesson: JourneyLesson;

beforeAll(async () => {
  [browser, learner, admin, lesson] = await Promise.all([
    launchBrowser(),
    createLearner(),
    createAdmin(),
    // A long name, as teachers write them: it must wrap on a phone, not widen the page.
    createJourneyLesson('Counting hundreds, tens and ones on the number line together'),
  ]);
  // One attempt, so the lesson's standings have a table.
  await gatewayCall(learner.token, 'POST', '/users', { name: learner.name });
  await gatewayCall(learner.token, 'POST', '/quiz-results', { quizId: lesson.id, answers: lesson.answers });
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner, admin);
});

/** Opens a portal page and waits until its area has rendered and the network is quiet. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${PORTAL_URL}${path}`);
  await page.locator('.remote-area[aria-busy="false"]').waitFor();
  await page.waitForLoadState('networkidle');
}

/** What each page's own content adds before it is measured (a table to show, a lesson to choose). */
async function fill(page: Page, path: string): Promise<void> {
  if (path === '/standings') {
    await page.getByRole('button', { name: lesson.heading }).click();
    await page.getByRole('table', { name: `Standings for ${lesson.heading}` }).waitFor();
  }
  if (path === '/dashboard/make-admin') {
    await page.getByLabel('User email').fill(learner.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('table', { name: 'Search result' }).waitFor();
  }
  if (path === '/dashboard/my-users') await page.getByRole('table', { name: 'All users' }).waitFor();
  if (path === '/gift') await page.locator('.rwd-card h2').first().waitFor();
}

/** Each page's overflow past a 390 px phone, for the pages that overflow. */
async function overflowingOnPhone(page: Page, paths: string[]): Promise<Record<string, number>> {
  await page.setViewportSize(PHONE);
  const overflow: Record<string, number> = {};
  for (const path of paths) {
    await open(page, path);
    await fill(page, path);
    const extra = await horizontalOverflow(page);
    if (extra > 0) overflow[path] = extra;
  }
  return overflow;
}

/** Each page's table headers and gift names broken inside a word at 1280 px. */
async function brokenWordsOnDesktop(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  await page.setViewportSize(DESKTOP);
  const broken: Record<string, string[]> = {};
  for (const path of paths) {
    await open(page, path);
    await fill(page, path);
    const words = await wordsBrokenAcrossLines(page, 'main th, main .rwd-card h2, main td:first-child');
    if (words.length > 0) broken[path] = words;
  }
  return broken;
}

describe('layout on a phone and a desktop', () => {
  it('when a visitor opens every public page on a 390 px phone, then none scrolls sideways', async () => {
    const page = await newPage(browser, PHONE);
    expect(await overflowingOnPhone(page, PUBLIC_PAGES)).toEqual({});
    await page.context().close();
  });

  it('when a learner opens each of their pages, then none scrolls sideways on a phone (a long lesson name wraps) and no table header or gift name breaks inside a word at 1280 px', async () => {
    const page = await newPage(browser, PHONE);
    await signIn(page, learner, '/my-classes');
    expect(await overflowingOnPhone(page, LEARNER_PAGES)).toEqual({});
    await open(page, '/standings');
    await fill(page, '/standings');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await brokenWordsOnDesktop(page, ['/standings', '/gift'])).toEqual({});
    await page.context().close();
  });

  it('when an admin opens each dashboard page, then none scrolls sideways on a phone and no table header breaks inside a word at 1280 px', async () => {
    const page = await newPage(browser, PHONE);
    await signIn(page, admin, '/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard Overview' }).waitFor();
    expect(await overflowingOnPhone(page, ADMIN_PAGES)).toEqual({});
    expect(await brokenWordsOnDesktop(page, ['/dashboard/my-users', '/dashboard/make-admin', '/dashboard/redem-pending', '/dashboard/reviews'])).toEqual({});
    await page.context().close();
  });
});
