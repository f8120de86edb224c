// The Keycloak login page (the kidslearn theme) and SPEC §5's password rule: a password that breaks it is
// answered on the page with the rule's message before anything is sent; one that keeps it goes to the
// server, whose own message shows for a wrong password (SPEC §8: the provider's message).
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { seriousA11yViolations } from './fixtures/axe';
import { cleanUpJourney } from './fixtures/cleanup';
import { createLearner, newPage, PHONE, type TestUser } from './fixtures/session';
import { PORTAL_URL } from './portal';

const RULE = 'Password must contain one Upperletter one Lowerletter and a digit';

let browser: Browser;
let learner: TestUser;
beforeAll(async () => {
  [browser, learner] = await Promise.all([launchBrowser(), createLearner()]);
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner);
});

async function openLogin(page: Page): Promise<string[]> {
  await page.goto(`${PORTAL_URL}/authentication`);
  await page.waitForURL(/\/realms\/kidslearn\//);
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  // What the page sends to Keycloak from here on (the login form posts to login-actions).
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/login-actions/')) posted.push(request.url());
  });
  return posted;
}

const errorLine = (page: Page) => page.locator('#input-error');

describe('the login page’s password rule (SPEC §5)', () => {
  it.each([
    ['too short', 'Ab1'],
    ['without an uppercase letter', 'learner123'],
    ['without a digit', 'LearnerAbc'],
  ])('when the password is %s, then the rule’s message shows under it and nothing is sent', async (_case, password) => {
    const page = await newPage(browser, PHONE);
    const posted = await openLogin(page);
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await errorLine(page).getByText(RULE).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Corrected, the same form is sent (the rule did not leave it marked as sending).
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.origin === new URL(PORTAL_URL).origin);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.context().close();
  });

  it('when a password keeps the rule but is wrong, then the server is asked and its own message shows', async () => {
    const page = await newPage(browser);
    const posted = await openLogin(page);
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await errorLine(page).getByText('Invalid email or password.').waitFor();
    expect(posted).toHaveLength(1);
    expect(await errorLine(page).getByText(RULE).count()).toBe(0);
    await page.context().close();
  });
});
