// Who may open what, and what a refused call does (SPEC §2, §6, §8): an admin on a learner page and a learner
// on the dashboard land on /forbidden; a learner promoted to admin while signed in reaches the dashboard
// (their token is refreshed once, not their session ended); a call refused even with a fresh token signs the
// user out to /forbidden; Sign out on a learner page ends the session. And the navbar's loading text while
// the profile loads.
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@kidslearn/lib-testkit';
import { launchBrowser } from './browser';
import { seriousA11yViolations } from './fixtures/axe';
import { cleanUpJourney } from './fixtures/cleanup';
import { answerOnce } from './fixtures/gateway-route';
import { createAdmin, createLearner, DEMO_ADMIN, gatewayCall, newPage, signIn, tokenFor, type TestUser } from './fixtures/session';
import { GATEWAY_URL, KEYCLOAK_URL, PORTAL_URL } from './portal';

let browser: Browser;
let learner: TestUser;
let promoted: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [browser, learner, promoted, admin] = await Promise.all([launchBrowser(), createLearner(), createLearner(), createAdmin()]);
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner, promoted, admin);
});

const forbidden = (page: Page) => page.getByRole('heading', { name: "You don't have permission to access this page." });
const bar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const isTokenRefresh = (url: string, body: string | null) => url.startsWith(`${KEYCLOAK_URL}/realms/kidslearn/protocol/openid-connect/token`) && (body ?? '').includes('grant_type=refresh_token');

describe('access journey: guards, refused calls and the profile’s loading text', () => {
  it('when an admin opens a learner page, then they land on /forbidden (SPEC §2)', async () => {
    const page = await newPage(browser);
    await signIn(page, admin, '/');
    await page.goto(`${PORTAL_URL}/my-classes`);
    await forbidden(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forbidden');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('when a learner opens the dashboard, then they land on /forbidden (SPEC §2)', async () => {
    const page = await newPage(browser);
    await signIn(page, learner, '/');
    await page.goto(`${PORTAL_URL}/dashboard`);
    await forbidden(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forbidden');
    await page.context().close();
  });

  it('when the profile is still loading, then the navbar shows the loading text where the avatar will be (SPEC §2)', async () => {
    const page = await newPage(browser);
    await signIn(page, learner, '/');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${GATEWAY_URL}/users/email*`, async (route) => {
      await held;
      await route.fallback();
    });
    await page.reload();
    const loading = bar(page).getByText('Loading...');
    await loading.waitFor();
    // Drawn for the eyes, not only for screen readers (a visually hidden text is a 1 px clipped box).
    const box = await loading.boundingBox();
    expect(box?.width).toBeGreaterThan(30);
    expect(box?.height).toBeGreaterThan(30);
    expect(await loading.evaluate((element) => getComputedStyle(element).clip)).not.toMatch(/rect\(0/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    release();
    await bar(page).getByRole('img', { name: /avatar$/ }).waitFor();
    expect(await loading.count()).toBe(0);
    await page.context().close();
  });

  it('when a signed-in learner is made admin, then the dashboard works for them at once: the refused call is retried with a refreshed token, not signed out', async () => {
    const page = await newPage(browser);
    await signIn(page, promoted, '/');
    const adminToken = await tokenFor(DEMO_ADMIN.email, DEMO_ADMIN.password);
    // The shell records the user after sign-in; then an admin promotes them (their token still says learner).
    const record = await eventually(() => gatewayCall<{ _id: string }>(adminToken, 'GET', `/users/email?email=${encodeURIComponent(promoted.email)}`), { timeoutMs: 10_000, intervalMs: 200 });
    await gatewayCall(adminToken, 'PUT', `/users/${record._id}/make-admin`);

    const overviewAnswers: number[] = [];
    const refreshes: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/admin/overview' && response.request().method() === 'GET') overviewAnswers.push(response.status());
    });
    page.on('request', (request) => {
      if (isTokenRefresh(request.url(), request.postData())) refreshes.push(request.url());
    });
    // SPEC §6: the role is refetched when the window regains focus; the menu becomes the admin's.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await bar(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard Overview' }).waitFor();
    await page.getByText("Total Lesson's").waitFor();
    expect(overviewAnswers).toEqual([403, 200]);
    expect(refreshes).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('when a learner signs out on a learner page, then they are signed out for good: the bar offers Login and the page asks them to log in again', async () => {
    const page = await newPage(browser);
    await signIn(page, learner, '/my-classes');
    await page.getByRole('heading', { name: 'Lessons' }).waitFor();
    await bar(page).getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${PORTAL_URL}/`);
    await bar(page).getByRole('button', { name: 'Login' }).waitFor();
    await page.goto(`${PORTAL_URL}/my-classes`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.context().close();
  });

  it('when a call is refused even with a refreshed token, then the learner is signed out and sent to /forbidden (SPEC §6, §8)', async () => {
    const page = await newPage(browser);
    await signIn(page, learner, '/');
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (isTokenRefresh(request.url(), request.postData())) refreshes.push(request.url());
    });
    // The first answer and the retry after the refresh are both refused.
    const { answered } = await answerOnce(page, { method: 'GET', path: '/lessons', status: 403, body: { error: 'Forbidden' }, times: 2 });
    await bar(page).getByRole('link', { name: 'My Classes' }).click();
    await answered;
    await page.waitForURL(`${PORTAL_URL}/forbidden`);
    await forbidden(page).waitFor();
    await bar(page).getByRole('button', { name: 'Login' }).waitFor();
    expect(refreshes).toHaveLength(1);
    await page.context().close();
  });
});
