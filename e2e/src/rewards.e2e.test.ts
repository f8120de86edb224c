import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { createLearner, gatewayCall, newPage, signIn, type TestUser } from './fixtures/session';
import { earnGems } from './fixtures/gems';
import { seriousA11yViolations } from './fixtures/axe';
import { fillDeliveryAddress } from './fixtures/redeem';

let browser: Browser;
let learner: TestUser;
let startGems: number;
let cheapest: { id: string; name: string; cost: number };

beforeAll(async () => {
  [browser, learner] = await Promise.all([launchBrowser(), createLearner()]);
  const gifts = await gatewayCall<{ id: string; name: string; cost?: number }[]>(undefined, 'GET', '/Gift.json');
  const priced = gifts.filter((gift): gift is typeof cheapest => typeof gift.cost === 'number' && gift.cost > 0);
  cheapest = priced.sort((a, b) => a.cost - b.cost)[0]!;
  startGems = await earnGems(learner.token, learner.email, cheapest.cost);
});
afterAll(async () => {
  await browser?.close();
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
  it('when a learner redeems twice in a row, then the page stays readable by screen readers after each success (no aria-hidden left behind)', async () => {
    const buyer = await createLearner();
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
