import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { DEMO_ADMIN, createLearner, gatewayCall, newPage, signIn, type TestUser } from './fixtures/session';
import { earnGems } from './fixtures/gems';
import { seriousA11yViolations } from './fixtures/axe';

let browser: Browser;
let learner: TestUser;
let parcelGift: string;

/** A fresh learner with a record in the portal and one pending gift parcel. */
async function learnerWithParcel(): Promise<TestUser> {
  const user = await createLearner();
  await gatewayCall(user.token, 'POST', '/users', { name: user.name });
  const gifts = await gatewayCall<{ id: string; name: string; cost?: number }[]>(undefined, 'GET', '/Gift.json');
  const gift = gifts.filter((g) => (g.cost ?? 0) > 0).sort((a, b) => a.cost! - b.cost!)[0]!;
  parcelGift = gift.name;
  await earnGems(user.token, user.email, gift.cost!);
  const res = await fetch(`${process.env.GATEWAY_URL ?? 'http://localhost:4000'}/redemptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'idempotency-key': randomBytes(8).toString('hex') },
    body: JSON.stringify({ giftId: gift.id, address: { name: user.name, phone: '123', address1: '1 Main St', city: 'Town', postalCode: '999' } }),
  });
  if (res.status !== 201) throw new Error(`redemption: HTTP ${res.status} ${await res.text()}`);
  return user;
}

beforeAll(async () => {
  [browser, learner] = await Promise.all([launchBrowser(), learnerWithParcel()]);
});
afterAll(async () => {
  await browser?.close();
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
/** SweetAlert2's confirmation: answer yes. */
const confirmYes = (page: Page) => page.getByRole('button', { name: 'Yes' }).click();

describe('admin journey: overview, users, a new lesson, roles, parcels', () => {
  it('when the demo admin works through the dashboard, then each page does its job', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO_ADMIN, '/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard Overview' }).waitFor();
    await page.getByText("Total Lesson's").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // My Users: the new learner is found by a server-side search.
    await sidebar(page).getByRole('link', { name: 'My Users' }).click();
    await page.getByLabel('Search by email or name').fill(learner.email);
    await page.getByRole('table', { name: 'All users' }).getByText(learner.email).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Add Lesson: down to one part and one question through the confirmations, then saved.
    await sidebar(page).getByRole('link', { name: 'Add Lesson' }).click();
    await page.getByRole('heading', { name: 'Create Lesson' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (let i = 0; i < 2; i += 1) {
      await page.getByRole('button', { name: 'Remove part 1' }).click();
      await page.getByRole('heading', { name: 'Remove this part?' }).waitFor();
      await confirmYes(page);
      await page.getByRole('heading', { name: 'Remove this part?' }).waitFor({ state: 'hidden' });
    }
    for (let i = 0; i < 4; i += 1) {
      await page.getByRole('button', { name: 'Remove question 1' }).click();
      await confirmYes(page);
      await page.getByRole('heading', { name: 'Remove this question?' }).waitFor({ state: 'hidden' });
    }
    const heading = `Admin journey lesson ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Lesson Heading').fill(heading);
    await page.getByLabel('Part Name').fill('Counting on');
    await page.getByLabel('Video Link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByLabel('Question', { exact: true }).fill('What is 2 + 2?');
    for (const [letter, text] of [['A', '3'], ['B', '4'], ['C', '5'], ['D', '6']] as const) await page.getByLabel(`Option ${letter}`).fill(text);
    await page.getByLabel('Correct Answer').selectOption('B');
    await page.getByRole('button', { name: 'Save Lesson' }).click();
    await page.getByRole('heading', { name: 'Lesson saved successfully!' }).waitFor();
    // The form starts afresh (it is reset before the success dialog opens).
    expect(await page.getByLabel('Lesson Heading').inputValue()).toBe('');

    // Make Admin: promote, then demote the learner.
    await sidebar(page).getByRole('link', { name: 'Make Admin' }).click();
    await page.getByLabel('User email').fill(`  ${learner.email}  `);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Make Admin' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Make Admin' }).click();
    await page.getByRole('heading', { name: 'Admin Added!' }).waitFor();
    await page.getByRole('button', { name: 'Remove Admin' }).click();
    await page.getByRole('heading', { name: 'Admin Removed!' }).waitFor();
    await page.getByRole('button', { name: 'Make Admin' }).waitFor();

    // Pending parcels: the learner's parcel is delivered and leaves the list.
    await sidebar(page).getByRole('link', { name: 'Redemtion Pendings' }).click();
    await page.getByLabel('Search by gift, name, city or email').fill(learner.email);
    const deliver = page.getByRole('button', { name: `Mark ${parcelGift} for ${learner.name} as delivered` });
    // Oldest first, a page at a time: the newest parcel may be some pages down on a portal in use.
    const loadMore = page.getByRole('button', { name: 'Load more parcels' });
    await page.getByText(/^Showing \d+ of \d+ pending/).waitFor();
    while ((await deliver.count()) === 0 && (await loadMore.count()) > 0) {
      await loadMore.click();
      await page.waitForLoadState('networkidle');
    }
    await deliver.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await deliver.click();
    await page.getByRole('heading', { name: 'Mark this parcel as delivered?' }).waitFor();
    await confirmYes(page);
    await deliver.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(500);
    expect(await deliver.count()).toBe(0);

    // The new lesson is there for visitors without a restart.
    await page.goto(`${new URL(page.url()).origin}/course-details`);
    await page.getByRole('heading', { name: 'Course Lessons' }).waitFor();
    await page.getByText(heading).waitFor();
    expect(await page.getByText(heading).isVisible()).toBe(true);
    await page.context().close();
  });
});
