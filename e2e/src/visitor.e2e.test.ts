// A visitor's walk through the public pages (SPEC §2, §4, §5, §8): the home page's review form, carousel, FAQ
// and Enroll Now; the phone menu; Premium and the 403 page; the reviews' two failure messages with the
// gateway failing that one request. Nothing is written: the review is never really sent.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { seriousA11yViolations } from './fixtures/axe';
import { answerOnce } from './fixtures/gateway-route';
import { newPage, PHONE } from './fixtures/session';
import { PORTAL_URL } from './portal';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The carousel's controls (its region and the section around it share the name 'What Parents Say'). */
const reviews = (page: Page) => page.locator('.kl-carousel');
/** The carousel's centre card, as screen readers hear its place ("Review 2 of 5"). */
const centre = (page: Page) => page.locator('.kl-carousel__slide.is-center').getAttribute('aria-label');

/** Home, once the live app has taken over the prerendered first screen (the visitor's Login button is its). */
async function openHome(page: Page): Promise<void> {
  await page.goto(PORTAL_URL);
  await page.getByRole('heading', { name: 'Empowering students from small age towards vision' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).waitFor();
}

describe('visitor journey: the home page, the phone menu, Premium and 403', () => {
  it('when a visitor uses the home page, then the review counter stops at 300, the carousel moves and wraps, one FAQ item opens at a time and Enroll Now leads to the login', async () => {
    const page = await newPage(browser);
    await openHome(page);
    await page.locator('.pub-review-card.is-center').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Review form: a live counter; typing beyond 300 characters is ignored (SPEC §5).
    const message = page.getByLabel('Your Review');
    await message.fill('a'.repeat(290));
    await page.getByText('290/300 characters').waitFor();
    await message.pressSequentially('b'.repeat(20));
    expect((await message.inputValue()).length).toBe(300);
    await page.getByText('300/300 characters').waitFor();

    // Carousel: next, previous (wrapping to the last card) and a dot (SPEC §4).
    const count = await page.locator('.kl-carousel__dot').count();
    expect(count).toBeGreaterThan(2);
    expect(await centre(page)).toBe(`Review 1 of ${count}`);
    await reviews(page).getByRole('button', { name: 'Next review' }).click();
    expect(await centre(page)).toBe(`Review 2 of ${count}`);
    await reviews(page).getByRole('button', { name: 'Previous review' }).click();
    await reviews(page).getByRole('button', { name: 'Previous review' }).click();
    expect(await centre(page)).toBe(`Review ${count} of ${count}`);
    await reviews(page).getByRole('button', { name: 'Show review 3' }).click();
    expect(await centre(page)).toBe(`Review 3 of ${count}`);
    expect(await reviews(page).getByRole('button', { name: 'Show review 3' }).getAttribute('aria-current')).toBe('true');

    // FAQ: one item open at a time; clicking the open one closes it (SPEC §2, §4).
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('button');
    await faq.first().waitFor();
    const expanded = async () => Promise.all((await faq.all()).map((button) => button.getAttribute('aria-expanded')));
    await faq.nth(0).click();
    expect((await expanded()).filter((state) => state === 'true')).toHaveLength(1);
    expect(await faq.nth(0).getAttribute('aria-expanded')).toBe('true');
    await faq.nth(1).click();
    expect(await faq.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await faq.nth(1).getAttribute('aria-expanded')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await faq.nth(1).click();
    expect((await expanded()).every((state) => state === 'false')).toBe(true);

    // Enroll Now (shown to visitors only) opens the login page.
    await page.getByRole('link', { name: 'Enroll Now' }).click();
    await page.waitForURL(/\/realms\/kidslearn\//);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.context().close();
  });

  it('when the reviews cannot be loaded or a review cannot be sent, then SPEC §8’s messages show and the server’s detail does not', async () => {
    const page = await newPage(browser);
    await answerOnce(page, { method: 'GET', path: '/review', status: 500 });
    await openHome(page);
    await page.getByText('Failed to load reviews. Please try again later.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Your Name').fill('Journey Parent');
    await page.getByLabel('Your Review').fill('Lovely lessons.');
    const { answered } = await answerOnce(page, { method: 'POST', path: '/review', status: 500, body: { error: 'Internal detail that must not show' } });
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await answered;
    await page.getByText('Something went wrong. Try again later.').waitFor();
    expect(await page.getByText('Internal detail that must not show').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('when a visitor opens the phone menu, then Escape closes it with focus back on its button and a press outside closes it', async () => {
    const page = await newPage(browser, PHONE);
    await openHome(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#small-menu');
    await toggle.click();
    await menu.getByRole('link', { name: 'Course Details' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

    await toggle.click();
    await menu.waitFor();
    await page.getByText('© 2025 KidsLearn. All rights reserved.').click();
    await menu.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('when a visitor opens /Premium and /forbidden, then the placeholder and the 403 page show, and Go Back Home leads home', async () => {
    const page = await newPage(browser);
    await page.goto(`${PORTAL_URL}/Premium`);
    await page.getByRole('heading', { name: 'Premium' }).waitFor();
    await page.getByText('The premium part will be done in the future. Stay tuned!').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${PORTAL_URL}/forbidden`);
    await page.getByRole('heading', { name: "You don't have permission to access this page." }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await page.waitForURL(`${PORTAL_URL}/`);
    await page.getByRole('heading', { name: 'Empowering students from small age towards vision' }).waitFor();
    await page.context().close();
  });
});
