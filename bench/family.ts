// The family area (issue 24): a parent's dashboard through the gateway with 3 children × 50 answered lessons
// (p95 ≤ 300 ms for the whole dashboard: the children, then each child's lessons, gems and gifts side by side),
// and Lighthouse (mobile) on /family as the signed-in parent. Everything it made is erased when it ends.
import { createLearner, eraseAccounts, eventually, type TestUser } from '@kidslearn/lib-testkit';
import { linkChild, newParentAccount, type LinkedParent } from '../e2e/src/fixtures/family';
import { createJourneyLesson, removeJourneyLessons, type JourneyLesson } from '../e2e/src/fixtures/lessons';
import { gatewayCall, tokenFor } from '../e2e/src/fixtures/session';
import { lighthouseMedian } from './lighthouse-median';
import { coldPage, openSignedInBrowser } from './signed-in-browser';
import { type BenchSection, type Figure, percentile } from './types';

const CHILDREN = 3;
const LESSONS = 50;
const ROUNDS = 3;
const SAMPLES_PER_ROUND = 30;
const PHONE = { width: 390, height: 844 };

export interface FamilyBenchOptions {
  portalUrl: string;
}

const ms = (value: number) => Math.round(value * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** Every child answers every lesson (the quiz service learns a new lesson's key from an event: retried until then). */
async function answerAll(children: TestUser[], lessons: JourneyLesson[]): Promise<void> {
  for (const child of children) {
    await inBatches(lessons, 5, (lesson) => eventually(() => gatewayCall(child.token, 'POST', '/quiz-results', { quizId: lesson.id, answers: lesson.answers }), { timeoutMs: 20_000, intervalMs: 200 }));
  }
}

/** One dashboard as the page loads it: the children, then each child's three parts side by side. */
async function loadDashboard(token: string): Promise<{ total: number; calls: number[] }> {
  const calls: number[] = [];
  const timed = async (path: string) => {
    const started = performance.now();
    const body = await gatewayCall<unknown>(token, 'GET', path);
    calls.push(performance.now() - started);
    return body;
  };
  const started = performance.now();
  const children = (await timed('/family/children')) as { linkId: string }[];
  if (children.length !== CHILDREN) throw new Error(`the parent sees ${children.length} children, not ${CHILDREN}`);
  await Promise.all(children.flatMap(({ linkId }) => ['learning', 'gems', 'redemptions'].map((part) => timed(`/family/children/${linkId}/${part}`))));
  return { total: performance.now() - started, calls };
}

export async function benchFamilyArea(options: FamilyBenchOptions): Promise<BenchSection> {
  const children = await Promise.all(Array.from({ length: CHILDREN }, (_, i) => createLearner({ name: `Bench Child${i + 1}` })));
  const parentAccount = newParentAccount();
  let parent: LinkedParent | undefined;
  try {
    const lessons: JourneyLesson[] = [];
    await inBatches(Array.from({ length: LESSONS }, (_, i) => i), 10, async (i) => lessons.push(await createJourneyLesson(`Family bench lesson ${i + 1}`)));
    await answerAll(children, lessons);
    for (const child of children) parent = (await linkChild(child.token, parentAccount)).parent;
    const token = await tokenFor(parentAccount.email, parentAccount.password);
    const learning = await gatewayCall<{ lessons: unknown[] }>(token, 'GET', `/family/children/${(await gatewayCall<{ linkId: string }[]>(token, 'GET', '/family/children'))[0]!.linkId}/learning`);
    if (learning.lessons.length < LESSONS) throw new Error(`a child's learning lists ${learning.lessons.length} lessons, not ${LESSONS}`);

    await loadDashboard(token); // warm-up: connections, caches
    const rounds: { total: number[]; calls: number[] }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const total: number[] = [];
      const calls: number[] = [];
      for (let i = 0; i < SAMPLES_PER_ROUND; i += 1) {
        const sample = await loadDashboard(token);
        total.push(sample.total);
        calls.push(...sample.calls);
      }
      rounds.push({ total, calls });
    }
    const dashboardP95 = rounds.map((round) => percentile(round.total, 95));
    const callP95 = rounds.map((round) => percentile(round.calls, 95));
    const figures: Figure[] = [
      { name: `parent's dashboard (${CHILDREN} children × ${LESSONS} lessons: 1 + ${CHILDREN * 3} requests) p95, median of ${ROUNDS} rounds`, value: ms(median(dashboardP95)), unit: 'ms', budget: { op: '<=', value: 300 } },
      { name: `one /family request p95, median of ${ROUNDS} rounds`, value: ms(median(callP95)), unit: 'ms' },
    ];
    const notes = [
      `Dashboard p95 per round: ${dashboardP95.map(ms).join(' / ')} ms; one request p95 per round: ${callP95.map(ms).join(' / ')} ms (${SAMPLES_PER_ROUND} dashboards a round, one after the other, through the gateway).`,
    ];

    const browser = await openSignedInBrowser(parentAccount, '/family', PHONE);
    try {
      const page = await coldPage(browser);
      await page.close();
      const lighthouse = await lighthouseMedian({ label: '/family (signed-in parent, 3 children)', url: new URL('/family', options.portalUrl).href, preset: 'mobile', port: browser.port });
      figures.push(...lighthouse.figures);
      notes.push(...lighthouse.notes);
    } finally {
      await browser.close();
    }
    return { title: 'Family area: /family (issue 24)', figures, notes };
  } finally {
    // The portal is left as the bench found it: the children (run.ts erases every createLearner account; here
    // too, so this section alone leaves nothing), their parent and the lessons.
    await eraseAccounts([...children, parent ?? parentAccount]).catch((error: unknown) => console.error(`[bench] family: ${String(error)}`));
    await removeJourneyLessons();
  }
}
