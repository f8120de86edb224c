// Screenshots at phone (390 px) and desktop (1280 px) widths of the public pages, a fresh learner's pages, a
// fresh admin's tables and the login page's password rule: `npx tsx e2e/src/screenshots.ts` with the portal
// running (see global-setup.ts). The accounts it makes are erased when it is done.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { infraEnv } from '../../infra/local/src/env';
import { launchBrowser } from './browser';
import { cleanUpJourney } from './fixtures/cleanup';
import { createAdmin, createLearner, signIn, type TestUser } from './fixtures/session';
import { PORTAL_URL, ROOT } from './portal';

const OUT = path.join(ROOT, 'e2e/.cache/screenshots');
const WIDTHS = [
  ['phone', 390],
  ['desktop', 1280],
] as const;

/** Waits until the page's area has rendered, the network is quiet and transitions have ended. */
async function settled(page: Page): Promise<void> {
  await page.locator('.remote-area[aria-busy="false"]').waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

async function shoot(page: Page, name: string, label: string): Promise<void> {
  await page.screenshot({ path: path.join(OUT, `${name}-${label}.png`), fullPage: true });
}

async function publicPages(browser: Browser): Promise<void> {
  for (const [label, width] of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const [name, route] of [
      ['home', '/'],
      ['registration', '/authentication/registration'],
      ['forbidden', '/forbidden'],
    ] as const) {
      await page.goto(`${PORTAL_URL}${route}`);
      await settled(page);
      await shoot(page, name, label);
    }
    // The login page's answer to a password that breaks the rule.
    await page.goto(`${PORTAL_URL}/authentication`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email').fill('someone@kidslearn.test');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.locator('#input-error').waitFor();
    await shoot(page, 'login-password-rule', label);
    await page.close();
  }
}

async function signedInPages(browser: Browser, user: TestUser, start: string, pages: [string, string, (page: Page) => Promise<void>][]): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user, start);
  for (const [label, width] of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, route, fill] of pages) {
      await page.goto(`${PORTAL_URL}${route}`);
      await settled(page);
      await fill(page);
      await shoot(page, name, label);
    }
  }
  await context.close();
}

const nothing = async () => undefined;

async function main() {
  Object.assign(process.env, infraEnv());
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await launchBrowser();
  const [learner, admin] = await Promise.all([createLearner(), createAdmin()]);
  try {
    await publicPages(browser);
    await signedInPages(browser, learner, '/my-classes', [
      ['my-classes', '/my-classes', async (page) => void (await page.getByText('Select a lesson video or quiz').waitFor())],
      ['avatar', '/avater', async (page) => void (await page.getByRole('region', { name: 'Your parent' }).waitFor())],
      [
        'standings',
        '/standings',
        async (page) => {
          // The longest lesson name: it must wrap on a phone.
          const names = await page.getByRole('list', { name: 'Choose a lesson' }).getByRole('button').allTextContents();
          const longest = names.sort((a, b) => b.length - a.length)[0];
          if (longest) await page.getByRole('button', { name: longest, exact: true }).click();
          await page.waitForLoadState('networkidle');
        },
      ],
      ['gift', '/gift', nothing],
    ]);
    await signedInPages(browser, admin, '/dashboard', [
      ['admin-users', '/dashboard/my-users', async (page) => void (await page.getByRole('table', { name: 'All users' }).waitFor())],
      ['admin-parcels', '/dashboard/redem-pending', nothing],
      ['admin-reviews', '/dashboard/reviews', nothing],
      ['admin-lesson', '/dashboard/add-lesson', nothing],
    ]);
  } finally {
    await browser.close();
    await cleanUpJourney(learner, admin);
  }
}

void main();
