// The signed-in areas (issues 9, 10, 11): JavaScript for /my-classes, Lighthouse (mobile) on /my-classes,
// /gift and /dashboard as the user who sees them, and the two click-to-feedback latencies a child feels:
// 'Submit Quiz' → result dialog and the redemption's confirm → 'Redeemed!'.
import { createLearner, type TestUser } from '@kidslearn/lib-testkit';
import { createJourneyLesson, removeJourneyLessons, type JourneyLesson } from '../e2e/src/fixtures/lessons';
import { DEMO_ADMIN, gatewayCall } from '../e2e/src/fixtures/session';
import { clickToVisibleMs } from './click-to-visible';
import { creditLearner, waitForGems } from './credit';
import { lighthouseMedian } from './lighthouse-median';
import { fillDeliveryAddress } from '../e2e/src/fixtures/redeem';
import { describeTraffic, kb, portalOrigins, recordPageTraffic } from './page-traffic';
import { coldPage, openSignedInBrowser, type SignedInBrowser } from './signed-in-browser';
import { type BenchSection, type Figure, percentile } from './types';

const SAMPLES = 20;
const MY_CLASSES_JS_BUDGET_KB = 200;
const PHONE = { width: 390, height: 844 };

export interface AreasBenchOptions {
  portalUrl: string;
  gatewayUrl: string;
  amqpUrl: string;
}

const ms = (value: number) => Math.round(value * 10) / 10;

function latencyFigures(label: string, samples: number[], budgets: { median: number; p95: number }): Figure[] {
  return [
    { name: `${label} median`, value: ms(percentile(samples, 50)), unit: 'ms', budget: { op: '<=', value: budgets.median } },
    { name: `${label} p95`, value: ms(percentile(samples, 95)), unit: 'ms', budget: { op: '<=', value: budgets.p95 } },
  ];
}

async function lighthouseSignedIn(browser: SignedInBrowser, label: string, url: string): Promise<{ figures: Figure[]; notes: string[] }> {
  // Lighthouse keeps storage (the Keycloak session) with --disable-storage-reset, which also keeps the
  // HTTP cache: clear it so each run loads cold, like a first visit of the day.
  const page = await coldPage(browser);
  await page.close();
  return lighthouseMedian({ label, url, preset: 'mobile', port: browser.port });
}

async function myClassesJavaScript(browser: SignedInBrowser, portalUrl: string): Promise<{ figures: Figure[]; notes: string[] }> {
  const origins = await portalOrigins(portalUrl);
  const page = await coldPage(browser);
  try {
    const traffic = await recordPageTraffic(page, new URL('/my-classes', portalUrl).href, origins, async (opened) => {
      await opened.getByRole('heading', { name: 'Lessons' }).waitFor({ timeout: 60_000 });
      await opened.getByRole('navigation', { name: 'Main' }).getByText(/^\d+ gems?$/).waitFor({ timeout: 60_000 });
    });
    const { gzipTotal, notes } = describeTraffic(traffic);
    return { figures: [{ name: 'JavaScript for /my-classes, signed-in learner, shell and remote (gzip)', value: kb(gzipTotal), unit: 'KB', budget: { op: '<=', value: MY_CLASSES_JS_BUDGET_KB } }], notes };
  } finally {
    await page.close();
  }
}

/** Takes each lesson's quiz with the right answers and times 'Submit Quiz' → the result dialog. */
async function submitToDialog(browser: SignedInBrowser, portalUrl: string, lessons: JourneyLesson[]): Promise<number[]> {
  const page = await browser.context.newPage();
  const samples: number[] = [];
  try {
    await page.goto(new URL('/my-classes', portalUrl).href);
    await page.getByRole('heading', { name: 'Lessons' }).waitFor();
    for (const lesson of lessons) {
      await page.getByRole('button', { name: lesson.heading }).click();
      await page.getByRole('button', { name: 'Take Quiz' }).click();
      await page.getByRole('heading', { name: 'Quiz Time' }).waitFor();
      for (const [index, { question, correctOption }] of lesson.questions.entries()) {
        await page.getByRole('group', { name: `${index + 1}. ${question}` }).getByText(new RegExp(`^[A-D]\\. ${correctOption}$`)).click();
      }
      samples.push(await clickToVisibleMs(page, page.getByRole('button', { name: 'Submit Quiz' }), /Amazing! Perfect Score!|Quiz Submitted!/));
      await page.getByRole('heading', { name: 'Amazing! Perfect Score!' }).waitFor({ state: 'hidden', timeout: 10_000 });
      await page.getByRole('button', { name: lesson.heading }).click(); // close the lesson again
    }
    return samples;
  } finally {
    await page.close();
  }
}

/** Redeems the cheapest gift `SAMPLES` times and times the confirm button → 'Redeemed! …'. */
async function confirmToSuccess(browser: SignedInBrowser, portalUrl: string, gift: { name: string; cost: number }): Promise<number[]> {
  const page = await browser.context.newPage();
  const samples: number[] = [];
  try {
    await page.goto(new URL('/gift', portalUrl).href);
    await page.getByRole('heading', { name: 'Gift Shop' }).waitFor();
    for (let i = 0; i < SAMPLES; i += 1) {
      await page.getByRole('button', { name: `Redeem ${gift.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Redeem ${gift.name}` });
      await fillDeliveryAddress(dialog, 'Bench Learner');
      samples.push(await clickToVisibleMs(page, dialog.getByRole('button', { name: `Confirm and spend ${gift.cost} gems` }), /Redeemed! We’ll ship your gift soon\./));
      await page.getByRole('heading', { name: 'Redeemed! We’ll ship your gift soon.' }).waitFor({ state: 'hidden', timeout: 10_000 });
    }
    return samples;
  } finally {
    await page.close();
  }
}

async function cheapestGift(): Promise<{ name: string; cost: number }> {
  const gifts = await gatewayCall<{ name: string; cost?: number }[]>(undefined, 'GET', '/Gift.json');
  const priced = gifts.filter((gift): gift is { name: string; cost: number } => typeof gift.cost === 'number' && gift.cost > 0);
  return priced.sort((a, b) => a.cost - b.cost)[0]!;
}

async function learnerWithGems(options: AreasBenchOptions, gems: number): Promise<TestUser> {
  const learner = await createLearner({ name: 'Bench Learner' });
  await creditLearner(options.amqpUrl, learner.email, gems);
  await waitForGems(options.gatewayUrl, learner.email, learner.token, gems);
  return learner;
}

export async function benchLearnerArea(options: AreasBenchOptions): Promise<BenchSection> {
  const lessons = await Promise.all(Array.from({ length: SAMPLES }, (_, i) => createJourneyLesson(`Bench lesson ${i + 1}`)));
  const learner = await createLearner({ name: 'Bench Learner' });
  const browser = await openSignedInBrowser(learner, '/my-classes', PHONE);
  try {
    const figures: Figure[] = [];
    const notes: string[] = [];
    const javascript = await myClassesJavaScript(browser, options.portalUrl);
    const lighthouse = await lighthouseSignedIn(browser, '/my-classes (signed-in learner)', new URL('/my-classes', options.portalUrl).href);
    const samples = await submitToDialog(browser, options.portalUrl, lessons);
    figures.push(...javascript.figures, ...lighthouse.figures, ...latencyFigures(`'Submit Quiz' → result dialog shown (${samples.length} submissions)`, samples, { median: 250, p95: 500 }));
    notes.push(
      ...javascript.notes,
      ...lighthouse.notes,
      `Submit → dialog, measured in the page from the click event to the first frame after the dialog's heading is in the document (no driver round trips): ${samples.map((sample) => Math.round(sample)).join(', ')} ms. Each is a perfect quiz on a new lesson; the server scores, credits the gems and answers the new total.`,
    );
    return { title: 'Learner area: /my-classes (issue 9)', figures, notes };
  } finally {
    await browser.close();
    // The bench leaves the portal's lessons as it found them.
    await removeJourneyLessons();
  }
}

export async function benchRewardsArea(options: AreasBenchOptions): Promise<BenchSection> {
  const gift = await cheapestGift();
  const learner = await learnerWithGems(options, gift.cost * SAMPLES);
  const browser = await openSignedInBrowser(learner, '/gift', PHONE);
  try {
    const lighthouse = await lighthouseSignedIn(browser, '/gift (signed-in learner)', new URL('/gift', options.portalUrl).href);
    const samples = await confirmToSuccess(browser, options.portalUrl, gift);
    return {
      title: 'Rewards area: /gift (issue 10)',
      figures: [...lighthouse.figures, ...latencyFigures(`confirm → 'Redeemed!' shown (${samples.length} redemptions of ${gift.name}, ${gift.cost} gems)`, samples, { median: 300, p95: 600 })],
      notes: [
        ...lighthouse.notes,
        `Confirm → success, measured in the page from the click event to the first frame after the success heading is in the document: ${samples.map((sample) => Math.round(sample)).join(', ')} ms. Each is one POST /redemptions (server-side price, debit, answer with the new total).`,
      ],
    };
  } finally {
    await browser.close();
  }
}

export async function benchAdminArea(options: AreasBenchOptions): Promise<BenchSection> {
  const browser = await openSignedInBrowser(DEMO_ADMIN, '/dashboard', PHONE);
  try {
    const lighthouse = await lighthouseSignedIn(browser, '/dashboard (signed-in admin)', new URL('/dashboard', options.portalUrl).href);
    return { title: 'Admin area: /dashboard (issue 11)', figures: lighthouse.figures, notes: lighthouse.notes };
  } finally {
    await browser.close();
  }
}
