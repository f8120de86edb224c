// Families (issue 24) walked in the browser: a child registers naming a parent; the parent follows the mail,
// makes their account and agrees; the child asks for a gift, which waits for the parent; the parent confirms the
// address (the admin then sees the parcel pending) and declines a second gift (the child's gems come back).
// Axe on every new screen, on a phone and on a desktop.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Redemption } from '@kidslearn/contracts';
import { eventually } from '@kidslearn/lib-testkit';
import { launchBrowser } from './browser';
import { seriousA11yViolations } from './fixtures/axe';
import { cleanUpJourney } from './fixtures/cleanup';
import { newParentAccount } from './fixtures/family';
import { earnGems } from './fixtures/gems';
import { consentLinkFor } from './fixtures/mail';
import { fillDeliveryAddress } from './fixtures/redeem';
import { followVerificationMail } from './fixtures/verify';
import { DEMO_ADMIN, DESKTOP, gatewayCall, newPage, PHONE, tokenFor } from './fixtures/session';
import { PORTAL_URL, ROOT } from './portal';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
let child: { name: string; email: string; password: string } | undefined;
let parent: ReturnType<typeof newParentAccount> | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(child, parent);
});

/** Kept for a person to look at (e2e/.cache/screenshots, not committed). */
const screenshot = (page: Page, name: string) => page.screenshot({ path: path.join(ROOT, 'e2e/.cache/screenshots', `${name}.png`), fullPage: true });

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await fitsTheScreen(page)).toBe(true);
}

async function registerNamingParent(page: Page, who: { name: string; email: string; password: string }, parentEmail: string): Promise<void> {
  await page.goto(`${PORTAL_URL}/authentication/registration`);
  await page.getByRole('heading', { name: 'Create an Account' }).waitFor();
  await page.getByLabel('Your Name').fill(who.name);
  await page.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel("Parent's email (optional)").fill(parentEmail);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Term & Conditions').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('heading', { name: 'Verification email sent. Please check your inbox.' }).waitFor();
  await page.getByRole('button', { name: 'OK' }).click();
}

async function verifyAndSignIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await followVerificationMail(page, who.email);
  await page.goto(`${PORTAL_URL}/`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  await keycloakLogin(page, who);
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

async function keycloakLogin(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.waitForURL(/\/realms\/kidslearn\//);
  await page.locator('input[name="username"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('input[type="submit"], button[type="submit"]').first().click();
}

async function cheapestGifts(): Promise<{ id: string; name: string; cost: number }[]> {
  const gifts = await gatewayCall<{ id: string; name: string; cost?: number }[]>(undefined, 'GET', '/Gift.json');
  return gifts.filter((g): g is { id: string; name: string; cost: number } => typeof g.cost === 'number' && g.cost > 0).sort((a, b) => a.cost - b.cost);
}

describe('families: a parent consents, sees and decides', () => {
  it('when a child names a parent at registration, then the parent agrees from the mail, confirms one gift (the admin sees it pending) and declines another (the gems come back)', async () => {
    const tag = randomBytes(3).toString('hex');
    child = { name: `Finn Otter${tag}`, email: `finn.${tag}@kidslearn.test`, password: `Finn${tag}9F` };
    parent = newParentAccount();
    const kid = child;
    const mum = parent;

    // The child registers on a phone, naming the parent.
    const childPage = await newPage(browser, PHONE);
    await registerNamingParent(childPage, kid, mum.email);
    await verifyAndSignIn(childPage, kid);

    // The parent opens the mail's link: who asks, what is kept and why; makes an account; signs in; agrees.
    const parentPage = await newPage(browser, PHONE);
    await parentPage.goto(await consentLinkFor(mum.email));
    await parentPage.getByRole('heading', { name: `${kid.name} wants to learn with KidsLearn` }).waitFor();
    await parentPage.getByRole('heading', { name: 'What we keep and why' }).waitFor();
    await parentPage.getByRole('heading', { name: 'Create your parent account' }).waitFor();
    await expectAccessible(parentPage);
    await screenshot(parentPage, 'family-consent-sign-up-phone');
    await parentPage.getByLabel('Your name').fill(mum.name);
    await parentPage.getByLabel('Password', { exact: true }).fill(mum.password);
    await parentPage.getByLabel('Confirm password').fill(mum.password);
    await parentPage.getByRole('button', { name: 'Create account' }).click();
    await keycloakLogin(parentPage, mum);
    await parentPage.getByRole('button', { name: 'I agree' }).waitFor();
    await expectAccessible(parentPage);
    await parentPage.getByRole('button', { name: 'I agree' }).click();
    await parentPage.waitForURL((url) => url.pathname === '/family');
    const card = parentPage.getByRole('link', { name: `See ${kid.name}'s learning` });
    await card.waitFor();
    // The thank-you toast is checked once it has settled, not half-way through its entrance.
    await parentPage.getByText(`Thank you! You can now follow ${kid.name}'s learning.`).waitFor();
    await parentPage.locator('.swal2-container').waitFor({ state: 'detached', timeout: 15_000 });
    await screenshot(parentPage, 'family-children-phone');
    await expectAccessible(parentPage);

    // The child earns gems and asks for a gift: it waits for the parent, the gems held.
    const childToken = await tokenFor(kid.email, kid.password);
    const [first, second] = await cheapestGifts();
    const balance = await earnGems(childToken, kid.email, first!.cost + second!.cost);
    await childPage.goto(`${PORTAL_URL}/gift`);
    await childPage.getByRole('button', { name: `Redeem ${first!.name}` }).click();
    const dialog = childPage.getByRole('dialog', { name: `Redeem ${first!.name}` });
    await fillDeliveryAddress(dialog, kid.name);
    await dialog.getByRole('button', { name: `Confirm and spend ${first!.cost} gems` }).click();
    await childPage.getByText('Waiting for your parent').first().waitFor();
    await expectAccessible(childPage);

    // The parent reaches the child's lessons in two clicks, confirms the address.
    await card.click();
    await parentPage.getByRole('heading', { name: 'Lessons' }).waitFor();
    await parentPage.getByRole('table', { name: `${kid.name}'s lessons` }).waitFor();
    await parentPage.getByRole('heading', { name: 'Gifts' }).waitFor();
    await parentPage.getByText('Waiting for you').first().waitFor();
    await expectAccessible(parentPage);
    await screenshot(parentPage, 'family-child-phone');
    await parentPage.getByRole('button', { name: 'Confirm address' }).click();
    const form = parentPage.getByRole('form', { name: `Delivery address for ${first!.name}` });
    expect(await form.getByLabel('City').inputValue()).toBe('Townsville');
    await expectAccessible(parentPage);
    await form.getByRole('button', { name: 'Confirm and send' }).click();
    await parentPage.getByText(`${first!.name} is on its way.`).waitFor();

    // The admin's pending list has it now.
    const admin = await tokenFor(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const pending = await gatewayCall<{ items: Redemption[] }>(admin, 'GET', `/redemptions?q=${encodeURIComponent(kid.email)}`);
    expect(pending.items.map((r) => r.giftName)).toEqual([first!.name]);

    // A second gift, declined by the parent on a desktop: the gems come back exactly once.
    const asked = await gatewayCall<{ redemption: Redemption }>(childToken, 'POST', '/redemptions', { giftId: second!.id, address: { name: kid.name, phone: '0123 456 789', address1: '1 Main Street', city: 'Townsville', postalCode: '12345' } });
    expect(asked.redemption.status).toBe('awaiting-parent');
    await parentPage.setViewportSize(DESKTOP);
    await parentPage.reload();
    await parentPage.getByRole('button', { name: 'Decline' }).click();
    const confirm = parentPage.getByRole('dialog', { name: `Decline ${second!.name}?` });
    await confirm.getByText(`${kid.name} gets the ${second!.cost} gems back.`).waitFor();
    await confirm.getByRole('button', { name: 'Decline' }).click();
    await parentPage.getByText(`You declined ${second!.name}. The gems are back.`).waitFor();
    await expectAccessible(parentPage);
    await screenshot(parentPage, 'family-child-desktop');
    const back = await eventually(
      async () => {
        const { gems } = await gatewayCall<{ gems: number }>(childToken, 'GET', `/gems/${encodeURIComponent(kid.email)}`);
        if (gems !== balance - first!.cost) throw new Error(`${gems} gems`);
        return gems;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    expect(back).toBe(balance - first!.cost);

    // The parent's download holds the child's data from every service (each accepts the linked parent's token).
    const parentToken = await tokenFor(mum.email, mum.password);
    const [linked] = await gatewayCall<{ linkId: string }[]>(parentToken, 'GET', '/family/children');
    const exported = await gatewayCall<{ learner: { email: string }; gems: { balance?: unknown }; gifts: { redemptions?: unknown[] }; content: { family: { parentEmail: string } } }>(parentToken, 'GET', `/family/children/${linked!.linkId}/export`);
    expect(exported.learner.email).toBe(kid.email);
    expect(exported.content.family.parentEmail).toBe(mum.email);
    expect(JSON.stringify(exported.gifts)).toContain(second!.name);
    await childPage.context().close();
    await parentPage.context().close();
  });
});
