import path from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser } from './browser';
import { createAdmin, createLearner, DESKTOP, gatewayCall, signIn, type TestUser } from './fixtures/session';
import { createJourneyLesson, type JourneyLesson } from './fixtures/lessons';
import { earnGems } from './fixtures/gems';
import { GATEWAY_URL, PORTAL_URL, ROOT } from './portal';
import { cleanUpJourney } from './fixtures/cleanup';
import { createParent } from './fixtures/parent';

// Issue 19: the portal and its remotes send a Content-Security-Policy the pages pass, frame-ancestors,
// Referrer-Policy and nosniff, and the gateway answers personal data with `no-store`. The journey walks every
// area with the real headers on and counts the violations every frame of the portal reports.

interface RemoteManifest {
  areas: { entry: string }[];
}

let browser: Browser;
let learner: TestUser;
let admin: TestUser;
let parent: TestUser;
let lesson: JourneyLesson;
let cheapest: { id: string; name: string; cost: number };
let remoteOrigins: string[];
const portalOrigin = new URL(PORTAL_URL).origin;
/** The portal's own origins: the shell's and the remotes'. */
const ours = (url: string) => [portalOrigin, ...remoteOrigins].includes(new URL(url).origin);

/** Headers of the answers the browser got from the portal's origins and the gateway. */
const answers: { url: string; type: string; method: string; credentials: boolean; headers: Record<string, string> }[] = [];

/**
 * A page whose every frame reports CSP violations to the test (those of frames on the portal's origins, and
 * the browser's CSP console errors while the page is on them), and whose answers are recorded.
 */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const violations: string[] = [];
  const context: BrowserContext = await browser.newContext({ viewport: DESKTOP });
  await context.exposeBinding('__reportCspViolation', ({ frame }, report: string) => {
    if (ours(frame.url())) violations.push(`${frame.url()}: ${report}`);
  });
  await context.addInitScript(() => {
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
        report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
      },
      true,
    );
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()) && ours(page.url())) violations.push(`console on ${page.url()}: ${message.text()}`);
  });
  page.on('response', (response: Response) => void recording.push(record(response)));
  return { page, violations };
}

/** Answers still being recorded (their headers are read asynchronously). */
const recording: Promise<void>[] = [];

async function close(page: Page): Promise<void> {
  await Promise.all(recording);
  await page.context().close();
}

async function record(response: Response): Promise<void> {
  const url = response.url();
  if (!url.startsWith('http') || !(ours(url) || new URL(url).origin === new URL(GATEWAY_URL).origin)) return;
  const request = response.request();
  const credentials = (await request.allHeaders().catch(() => ({}) as Record<string, string>)).authorization !== undefined;
  const headers = await response.allHeaders().catch(() => ({}) as Record<string, string>);
  answers.push({ url, type: request.resourceType(), method: request.method(), credentials, headers });
}

/** Opens a portal path and waits until its area's remote has rendered and the network is quiet. */
async function visit(page: Page, route: string): Promise<void> {
  await page.goto(`${PORTAL_URL}${route}`);
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  await page.locator('.remote-area[aria-busy="false"]').waitFor();
  await page.waitForLoadState('networkidle');
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ROOT, 'e2e/.cache/screenshots', `csp-${name}.png`), fullPage: true });
}

beforeAll(async () => {
  const manifest = (await (await fetch(`${PORTAL_URL}/config.json`)).json()) as RemoteManifest;
  remoteOrigins = manifest.areas.map((area) => new URL(area.entry, PORTAL_URL).origin);
  [browser, learner, admin, parent, lesson] = await Promise.all([launchBrowser(), createLearner(), createAdmin(), createParent(), createJourneyLesson('Safe pages')]);
  const gifts = await gatewayCall<{ id: string; name: string; cost?: number }[]>(undefined, 'GET', '/Gift.json');
  cheapest = gifts.filter((gift): gift is typeof cheapest => typeof gift.cost === 'number' && gift.cost > 0).sort((a, b) => a.cost - b.cost)[0]!;
  await earnGems(learner.token, learner.email, cheapest.cost);
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner, admin, parent);
});

describe('browser security headers: every area with the Content-Security-Policy on', () => {
  it('when a visitor walks the public pages, then no frame reports a violation', async () => {
    const { page, violations } = await watchedPage();
    await visit(page, '/');
    await page.getByRole('heading', { name: 'What Parents Say' }).waitFor();
    await screenshot(page, 'home');
    for (const route of ['/course-details', '/about', '/Premium', '/authentication/registration', '/forbidden']) await visit(page, route);
    await close(page);
    expect(violations).toEqual([]);
  });

  it('when a fresh learner signs in and walks a lesson video, its quiz, gifts, avatars, standings and the game, then no frame reports a violation', async () => {
    const { page, violations } = await watchedPage();
    await signIn(page, learner, '/my-classes');
    await settle(page);
    await page.getByRole('button', { name: lesson.heading }).click();
    await page.getByRole('button', { name: lesson.partName }).click();
    await page.getByTitle(`Lesson video: ${lesson.partName}`).waitFor();
    await screenshot(page, 'my-classes');
    await page.getByRole('button', { name: 'Take Quiz' }).click();
    for (const [index, { question, correctOption }] of lesson.questions.entries()) {
      await page.getByRole('group', { name: `${index + 1}. ${question}` }).getByText(new RegExp(`^[A-D]\\. ${correctOption}$`)).click();
    }
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    // SweetAlert2's dialog: its stylesheet is adopted, not a <style> element, and applies.
    await page.getByRole('heading', { name: 'Amazing! Perfect Score!' }).waitFor();
    const popup = page.locator('.swal2-popup');
    await popup.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    expect(await page.locator('.swal2-container').evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    await screenshot(page, 'quiz-dialog');

    await visit(page, '/gift');
    // A Radix dialog: it locks the page's scroll with a stylesheet made at run time.
    await page.getByRole('button', { name: `Redeem ${cheapest.name}` }).click();
    await page.getByRole('dialog', { name: `Redeem ${cheapest.name}` }).waitFor();
    await screenshot(page, 'gift-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await visit(page, '/avater');
    await page.locator('.kl-carousel__slide.is-center').waitFor();
    await visit(page, '/standings');
    await page.getByRole('heading', { name: 'Quiz Standings' }).waitFor();
    await visit(page, '/games');
    await page.frameLocator('iframe[title="Math game"]').getByRole('heading', { name: 'Math Stars' }).waitFor();
    await screenshot(page, 'games');
    await close(page);
    expect(violations).toEqual([]);
  });

  it('when a fresh admin opens the dashboard, then no frame reports a violation', async () => {
    const { page, violations } = await watchedPage();
    await signIn(page, admin, '/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard Overview' }).waitFor();
    await page.waitForLoadState('networkidle');
    await close(page);
    expect(violations).toEqual([]);
  });

  it('when a fresh parent opens the family area, then no frame reports a violation', async () => {
    const { page, violations } = await watchedPage();
    await signIn(page, parent, '/');
    await visit(page, '/family');
    await page.getByText('No children linked yet').waitFor();
    await close(page);
    expect(violations).toEqual([]);
  });

  it('when the walks are done, then the shell’s pages and every remote’s scripts carried the headers, and the learner’s data came back no-store', () => {
    const security = (headers: Record<string, string>) => ({
      csp: headers['content-security-policy'],
      referrer: headers['referrer-policy'],
      nosniff: headers['x-content-type-options'],
    });
    const pages = answers.filter((answer) => answer.type === 'document' && new URL(answer.url).origin === portalOrigin && !answer.url.includes('silent-check-sso'));
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) {
      const { csp, referrer, nosniff } = security(page.headers);
      expect({ url: page.url, referrer, nosniff }).toEqual({ url: page.url, referrer: 'same-origin', nosniff: 'nosniff' });
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' [^;]*'sha256-/);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
    for (const origin of [portalOrigin, ...remoteOrigins]) {
      const scripts = answers.filter((answer) => answer.type === 'script' && new URL(answer.url).origin === origin);
      expect({ origin, scripts: scripts.length > 0 }).toEqual({ origin, scripts: true });
      for (const script of scripts) {
        expect({ url: script.url, ...security(script.headers) }).toEqual({ url: script.url, csp: "default-src 'none'; frame-ancestors 'none'", referrer: 'same-origin', nosniff: 'nosniff' });
      }
    }
    const game = answers.find((answer) => answer.url.endsWith('/game/index.html'));
    expect(game?.headers['content-security-policy']).toContain(`frame-ancestors ${portalOrigin}`);
    const profile = answers.filter((answer) => answer.credentials && answer.method === 'GET' && new URL(answer.url).pathname === '/users/email');
    expect(profile.length).toBeGreaterThan(0);
    for (const answer of profile) expect(answer.headers['cache-control']).toBe('private, no-store');
  });
});
