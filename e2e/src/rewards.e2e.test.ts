import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { createLearner, gatewayCall, newPage, signIn, type TestUser } from './fixtures/session';
import { earnGems } from './fixtures/gems';
import { seriousA11yViolations } from './fixtures/axe';
import { fillDeliveryAddress } from './fixtures/redeem';
import { cleanUpJourney } from './fixtures/cleanup';
import { answerOnce } from './fixtures/gateway-route';
import { GATEWAY_URL } from './portal';

let browser: Browser;
let learner: TestUser;
let startGems: number;
let cheapest: { id: string; name: string; cost: number };
let buyer: TestUser | undefined;

beforeAll(async () => {
  [browser, learner] = await Promise.all([launchBrowser(), createLearner()]);
  const gifts = await gatewayCall<{ id: string; name: string; cost?: number }[]>(undefined, 'GET', '/Gift.json');
  const priced = gifts.filter((gift): gift is typeof cheapest => typeof gift.cost === 'number' && gift.cost > 0);
  cheapest = priced.sort((a, b) => a.cost - b.cost)[0]!;
  startGems = await earnGems(learner.token, learner.email, cheapest.cost);
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner, buyer);
});

describe('rewards journey: redeem a gift and change the avatar', () => {
  it('when a learner with enough gems redeems the cheapest gift, then success shows, the badge falls by its cost and the request is pending under My gifts; a new avatar shows in the navbar', async () => {
    const page = await newPage(browser);
    await signIn(page, learner, '/gift');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByText(`${startGems} gems`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Redeem ${cheapest.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Redeem ${cheapest.name}` });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fillDeliveryAddress(dialog);
    await dialog.getByRole('button', { name: `Confirm and spend ${cheapest.cost} gems` }).click();

    await page.getByRole('heading', { name: 'Redeemed! We’ll ship your gift soon.' }).waitFor();
    await bar.getByText(`${startGems - cheapest.cost} gems`).waitFor();
    const myGifts = page.getByRole('region', { name: 'My gifts' });
    await myGifts.getByText(cheapest.name).waitFor();
    expect(await myGifts.getByText('Pending').first().isVisible()).toBe(true);

    await bar.getByRole('link', { name: 'Avatar' }).click();
    await page.getByRole('heading', { name: 'Choose your avatar' }).waitFor();
    await page.locator('.kl-carousel__slide.is-center').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const navbarAvatar = page.locator('header img.avatar');
    const before = await navbarAvatar.getAttribute('src');
    const centre = page.locator('.kl-carousel__slide.is-center');
    const chosen = await centre.locator('img').getAttribute('src');
    expect(chosen).not.toBe(before);
    await centre.getByRole('button', { name: /^Add avatar/ }).click();
    await page.getByRole('heading', { name: 'Avater has Changed' }).waitFor();
    await page.locator(`header img.avatar[src="${chosen}"]`).waitFor();
    expect(await navbarAvatar.getAttribute('src')).toBe(chosen);
    await page.context().close();
  });
  it('when the balance is still on its way, then priced gifts wait (busy) instead of saying “Not enough gems”; when the gift list fails, SPEC §8’s message shows', async () => {
    const page = await newPage(browser);
    const pricey = `Redeem ${cheapest.name}`;
    // Hold the balance's answer (GET /gems/{email}; not the ledger) from the sign-in on, until the gift cards
    // have been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${GATEWAY_URL}/gems/*`, async (route) => {
      if (!route.request().url().endsWith('/ledger')) await held;
      await route.fallback();
    });
    await signIn(page, learner, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gift' }).click();
    const redeem = page.getByRole('button', { name: pricey });
    await redeem.waitFor();
    expect(await redeem.getAttribute('aria-busy')).toBe('true');
    expect(await redeem.isDisabled()).toBe(true);
    expect(await page.getByText('Not enough gems').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    release();
    await page.locator(`button[aria-label="${pricey}"]:not([aria-busy])`).waitFor();

    // SPEC §8: the gift list fails for this one request.
    await answerOnce(page, { method: 'GET', path: '/Gift.json', status: 500 });
    await page.reload();
    await page.getByText('Failed to load gifts. Please refresh.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('when a learner redeems twice in a row, then the page stays readable by screen readers after each success (no aria-hidden left behind)', async () => {
    buyer = await createLearner();
    await earnGems(buyer.token, buyer.email, cheapest.cost * 2);
    const page = await newPage(browser);
    await signIn(page, buyer, '/gift');
    for (let round = 0; round < 2; round += 1) {
      // A role query finds nothing under aria-hidden: the button must be reachable as screen readers see the page.
      await page.getByRole('button', { name: `Redeem ${cheapest.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Redeem ${cheapest.name}` });
      await fillDeliveryAddress(dialog);
      await dialog.getByRole('button', { name: `Confirm and spend ${cheapest.cost} gems` }).click();
      const success = page.getByRole('heading', { name: 'Redeemed! We’ll ship your gift soon.' });
      await success.waitFor();
      await success.waitFor({ state: 'hidden', timeout: 10_000 });
      expect(await page.locator('[aria-hidden="true"]:has(main), main[aria-hidden="true"]').count()).toBe(0);
    }
    await page.context().close();
  });
});
