import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@kidslearn/lib-testkit';
import { launchBrowser } from './browser';
import { createAdmin, createLearner, gatewayCall, newPage, signIn, tokenFor, type TestUser } from './fixtures/session';
import { earnGems } from './fixtures/gems';
import { removeLaterLesson } from './fixtures/lessons';
import { seriousA11yViolations } from './fixtures/axe';
import { cleanUpJourney } from './fixtures/cleanup';
import { answerOnce } from './fixtures/gateway-route';
import { wordsBrokenAcrossLines } from './fixtures/layout';
import { GATEWAY_URL } from './portal';

let browser: Browser;
let admin: TestUser;
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
  const res = await fetch(`${GATEWAY_URL}/redemptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'idempotency-key': randomBytes(8).toString('hex') },
    body: JSON.stringify({ giftId: gift.id, address: { name: user.name, phone: '123', address1: '1 Main St', city: 'Town', postalCode: '999' } }),
  });
  if (res.status !== 201) throw new Error(`redemption: HTTP ${res.status} ${await res.text()}`);
  return user;
}

beforeAll(async () => {
  [browser, admin, learner] = await Promise.all([launchBrowser(), createAdmin(), learnerWithParcel()]);
});
afterAll(async () => {
  await browser?.close();
  await cleanUpJourney(learner, admin);
});

/** Every pending parcel of `email` the server lists to an admin (all pages). */
async function pendingParcelsOf(adminToken: string, email: string): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: { _id: string; email: string }[]; nextCursor: string | null } = await gatewayCall(adminToken, 'GET', `/redemptions?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    found.push(...page.items.filter((parcel) => parcel.email === email).map((parcel) => parcel._id));
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
/** SweetAlert2's confirmation: answer yes. */
const confirmYes = (page: Page) => page.getByRole('button', { name: 'Yes' }).click();
/** At 1280 px no table header (and no gift name) is broken inside a word ('Co st', 'Stick er Pack'). */
const headersBrokenMidWord = (page: Page) => wordsBrokenAcrossLines(page, 'main th, main td:first-child');

describe('admin journey: overview, users, a new lesson, roles, parcels', () => {
  it('when a fresh admin works through the dashboard (one failing answer on each form first), then each page does its job and says what SPEC §8 says on failure', async () => {
    const page = await newPage(browser);
    await signIn(page, admin, '/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard Overview' }).waitFor();
    await page.getByText("Total Lesson's").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // My Users: the new learner is found by a server-side search.
    await sidebar(page).getByRole('link', { name: 'My Users' }).click();
    await page.getByLabel('Search by email or name').fill(learner.email);
    await page.getByRole('table', { name: 'All users' }).getByText(learner.email).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await headersBrokenMidWord(page)).toEqual([]);

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
    // SPEC §8: the gateway fails this one save; nothing typed is lost.
    await answerOnce(page, { method: 'POST', path: '/lessons', status: 500 });
    await page.getByRole('button', { name: 'Save Lesson' }).click();
    await page.getByRole('heading', { name: 'Failed to save lesson. Please try again.' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByLabel('Lesson Heading').inputValue()).toBe(heading);
    await page.getByRole('button', { name: 'Save Lesson' }).click();
    await page.getByRole('heading', { name: 'Lesson saved successfully!' }).waitFor();
    // The form starts afresh (it is reset before the success dialog opens).
    expect(await page.getByLabel('Lesson Heading').inputValue()).toBe('');
    // The server has it (listed once); the journey deletes it when it ends.
    const saved = (await gatewayCall<{ _id: string; lessonHeading: string }[]>(admin.token, 'GET', '/lessons')).filter((lesson) => lesson.lessonHeading === heading);
    expect(saved).toHaveLength(1);
    removeLaterLesson(saved[0]!._id);

    // Make Admin: a refused change says 'Oops...' with the server's error; then promote and demote the learner.
    await sidebar(page).getByRole('link', { name: 'Make Admin' }).click();
    await page.getByLabel('User email').fill(`  ${learner.email}  `);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Make Admin' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await headersBrokenMidWord(page)).toEqual([]);
    await answerOnce(page, { method: 'PUT', path: /^\/users\/[^/]+\/make-admin$/, status: 500, body: { error: 'The role service is resting.' } });
    await page.getByRole('button', { name: 'Make Admin' }).click();
    await page.getByRole('heading', { name: 'Oops...' }).waitFor();
    expect(await page.getByText('The role service is resting.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Oops...' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Make Admin' }).click();
    await page.getByRole('heading', { name: 'Admin Added!' }).waitFor();
    await page.getByRole('button', { name: 'Remove Admin' }).click();
    await page.getByRole('heading', { name: 'Admin Removed!' }).waitFor();
    await page.getByRole('button', { name: 'Make Admin' }).waitFor();

    // Pending parcels: the learner's parcel; a failed update brings it back, then it is delivered for real.
    await sidebar(page).getByRole('link', { name: 'Redemtion Pendings' }).click();
    await page.getByLabel('Search by gift, name, city or email').fill(learner.email);
    const deliver = page.getByRole('button', { name: `Mark ${parcelGift} for ${learner.name} as delivered` });
    // Oldest first, a page at a time: the newest parcel may be some pages down on a portal in use.
    const loadMore = page.getByRole('button', { name: 'Load more parcels' });
    await page.getByText(/^Showing \d+ of \d+ pending/).waitFor();
    while ((await deliver.count()) === 0 && (await loadMore.count()) > 0) {
      const next = page.waitForResponse((response) => new URL(response.url()).pathname === '/redemptions' && response.request().method() === 'GET');
      await loadMore.click();
      await next;
    }
    await deliver.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await headersBrokenMidWord(page)).toEqual([]);
    await answerOnce(page, { method: 'PATCH', path: /^\/redemptions\/[^/]+\/delivery$/, status: 500 });
    await deliver.click();
    await page.getByRole('heading', { name: 'Mark this parcel as delivered?' }).waitFor();
    await confirmYes(page);
    await page.getByRole('heading', { name: 'Failed to update. Try again.' }).waitFor();
    await deliver.waitFor();

    await deliver.click();
    await page.getByRole('heading', { name: 'Mark this parcel as delivered?' }).waitFor();
    await confirmYes(page);
    await deliver.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Marked as delivered.' }).waitFor();
    // The server recorded it: the learner's own list says delivered, and a fresh list no longer has it.
    const learnerToken = await tokenFor(learner.email, learner.password);
    await eventually(async () => {
      const mine = await gatewayCall<{ giftName: string; status: string }[]>(learnerToken, 'GET', '/redemptions/mine');
      if (!mine.some((redemption) => redemption.giftName === parcelGift && redemption.status === 'delivered')) throw new Error(`not delivered yet: ${JSON.stringify(mine)}`);
      return true;
    });
    expect(await pendingParcelsOf(await tokenFor(admin.email, admin.password), learner.email)).toEqual([]);
    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/redemptions' && response.request().method() === 'GET');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refreshed;
    expect(await deliver.count()).toBe(0);

    // The new lesson is there for visitors without a restart.
    await page.goto(`${new URL(page.url()).origin}/course-details`);
    await page.getByRole('heading', { name: 'Course Lessons' }).waitFor();
    await page.getByText(heading).waitFor();
    expect(await page.getByText(heading).isVisible()).toBe(true);
    await page.context().close();
  });
});
