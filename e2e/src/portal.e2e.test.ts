import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { seriousA11yViolations } from './fixtures/axe';
import { cleanUpJourney } from './fixtures/cleanup';
import { createLearner, type TestUser } from './fixtures/session';
import { PORTAL_URL } from './portal';

let browser: Browser;
let learner: TestUser;
beforeAll(async () => {
  [browser, learner] = await Promise.all([launchBrowser(), createLearner()]);
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner);
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

describe('portal journeys', () => {
  it('when a visitor opens the portal, then the home page shows with parent reviews', async () => {
    const page = await newPage();
    await page.goto(PORTAL_URL);
    await page.getByRole('heading', { name: 'Empowering students from small age towards vision' }).waitFor();
    await page.getByRole('heading', { name: 'What Parents Say' }).waitFor();
    // The reviews come from the live remote and the API (the hero may be the prerendered first screen).
    await page.locator('.pub-review-card.is-center').waitFor();
    expect(await page.locator('.pub-review-card').count()).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: 'What Parents Say', exact: false }).count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('when a learner logs in through the Keycloak page, then they come back where they started', async () => {
    const page = await newPage();
    await page.goto(`${PORTAL_URL}/about`);
    await page.getByRole('heading', { name: 'About Us' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/localhost:8080\/realms\/kidslearn\//);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator('input[name="username"]').fill(learner.email);
    await page.locator('input[name="password"]').fill(learner.password);
    await page.locator('input[type="submit"], button[type="submit"]').first().click();
    await page.waitForURL(`${PORTAL_URL}/about`);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('heading', { name: 'About Us' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('when a remote fails to load, then its area shows the fallback while the navbar and footer keep working', async () => {
    const page = await newPage();
    await page.route('**/localhost:3001/remoteEntry.js', (route) => route.abort());
    await page.goto(PORTAL_URL);
    await page.getByText('Oops! This part of KidsLearn is taking a nap.').waitFor({ timeout: 20_000 });
    await page.getByText('© 2025 KidsLearn. All rights reserved.').waitFor();
    await page.getByRole('link', { name: 'KidsLearn home' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The navbar still works while the area is down: its Login opens Keycloak.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    // The remote comes back: Try again mounts it without reloading the shell.
    await page.unroute('**/localhost:3001/remoteEntry.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'What Parents Say' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Oops! This part of KidsLearn is taking a nap.').count()).toBe(0);
    await page.context().close();
  });
});
