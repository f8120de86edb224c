// A child registers through the portal's form, verifies the address from the mail, signs in, sees their own
// photo, earns gems, sends a gift home and signs out; then the services' logs of that walk carry none of the
// child's personal data (ARCHITECTURE "Children's data": logs carry ids, never emails, names, addresses or
// photo URLs).
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { seriousA11yViolations } from './fixtures/axe';
import { earnGems } from './fixtures/gems';
import { gatewayCall, newPage, PHONE, tokenFor } from './fixtures/session';
import { PORTAL_URL } from './portal';
import { readLogsSince, servicesLogOffsets } from './fixtures/service-logs';
import { followVerificationMail } from './fixtures/verify';
import { cleanUpJourney } from './fixtures/cleanup';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
/** The child this journey registers: erased when it ends, with their parcel. */
let registered: { email: string; password: string; name: string } | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(registered);
});

async function register(page: Page, child: { name: string; email: string; password: string }): Promise<void> {
  await page.goto(`${PORTAL_URL}/authentication/registration`);
  await page.getByRole('heading', { name: 'Create an Account' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByLabel('Your Name').fill(child.name);
  await page.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Email', { exact: true }).fill(child.email);
  await page.getByLabel('Password', { exact: true }).fill(child.password);
  await page.getByLabel('Term & Conditions').check();
  await page.getByRole('button', { name: 'Register' }).click();
  // SPEC §8: an alert, not a line on the page.
  await page.getByRole('heading', { name: 'Verification email sent. Please check your inbox.' }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'OK' }).click();
}

async function signInOnKeycloak(page: Page, child: { email: string; password: string }): Promise<void> {
  await page.goto(`${PORTAL_URL}/`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/realms\/kidslearn\//);
  await page.locator('input[name="username"]').fill(child.email);
  await page.locator('input[name="password"]').fill(child.password);
  await page.locator('input[type="submit"], button[type="submit"]').first().click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

describe('registration to the first login, and what the logs keep of it', () => {
  it('when a child registers with a photo, verifies the mail, signs in, redeems a gift and signs out, then the portal shows their own photo and no service log line names them', async () => {
    const tag = randomBytes(3).toString('hex');
    const child = { name: `Zelda Quokka${tag}`, email: `zelda.${tag}@kidslearn.test`, password: `Zelda${tag}9Z` };
    const address = { name: `Zelda Quokka${tag}`, phone: `0170 ${tag}`, address1: `${tag} Wombat Lane`, city: `Bilbyville${tag}`, postalCode: '24680' };
    const offsets = servicesLogOffsets();
    registered = child;

    const page = await newPage(browser);
    await register(page, child);
    await followVerificationMail(page, child.email);
    await signInOnKeycloak(page, child);

    // The navbar shows the child's own photo, read with their token (photos are not served to a bare link).
    const avatar = page.locator('header img.avatar');
    await page.waitForFunction(() => document.querySelector('header img.avatar')?.getAttribute('src')?.startsWith('blob:') ?? false);
    expect(await avatar.getAttribute('alt')).toContain('Zelda');

    // Gems the way production earns them, then a gift sent to the child's home address through the dialog.
    const token = await tokenFor(child.email, child.password);
    const gifts = await gatewayCall<{ id: string; name: string; cost?: number }[]>(undefined, 'GET', '/Gift.json');
    const gift = gifts.filter((g) => typeof g.cost === 'number' && g.cost > 0).sort((a, b) => (a.cost ?? 0) - (b.cost ?? 0))[0]!;
    await earnGems(token, child.email, gift.cost ?? 1);
    await page.goto(`${PORTAL_URL}/gift`);
    await page.getByRole('button', { name: `Redeem ${gift.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Redeem ${gift.name}` });
    await dialog.getByLabel('Name').fill(address.name);
    await dialog.getByLabel('Phone').fill(address.phone);
    await dialog.getByLabel('Address line 1').fill(address.address1);
    await dialog.getByLabel('City').fill(address.city);
    await dialog.getByLabel('Postal code').fill(address.postalCode);
    await dialog.getByRole('button', { name: `Confirm and spend ${gift.cost} gems` }).click();
    await page.getByRole('heading', { name: 'Redeemed! We’ll ship your gift soon.' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).waitFor();
    const photoUrl = (await gatewayCall<{ img: string }>(await tokenFor('admin@kidslearn.test', 'Admin1234'), 'GET', `/users/email?email=${encodeURIComponent(child.email)}`)).img;
    await page.context().close();

    const logs = await readLogsSince(offsets);
    // The walk was logged (so the search below searched something): its registration and redemption requests.
    expect(logs.content).toMatch(/\/registrations/);
    expect(logs.gifts).toMatch(/\/redemptions/);
    const everything = Object.values(logs).join('\n');
    const personal = [child.email, encodeURIComponent(child.email), `Quokka${tag}`, address.phone, address.address1, address.city, new URL(photoUrl).pathname];
    expect(personal.filter((value) => everything.includes(value))).toEqual([]);
  });

  it('when a visitor opens the registration form on a phone, then it fits the screen and passes axe', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${PORTAL_URL}/authentication/registration`);
    await page.getByRole('heading', { name: 'Create an Account' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
