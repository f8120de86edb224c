// `npm run bench`: starts what is missing (infrastructure, services, gateway, frontends), measures, and writes
// bench/reports/latest.json and latest.md. Figures with budgets, never pass/fail.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ADMIN, accountsMade, createLearner, eraseAccounts, gatewayCall, tokenFor } from '@kidslearn/lib-testkit';
import { frontends, services as appServices } from '../infra/local/src/components/apps';
import { infraEnv } from '../infra/local/src/env';
import { infrastructure } from '../infra/local/src/registry';
import { assertNoErrors, startAll, stopAll } from '../infra/local/src/runner';
import { benchAdmin } from './admin';
import { benchAdminArea, benchLearnerArea, benchRewardsArea } from './areas';
import { benchFamilyArea } from './family';
import { benchCpuPerRequest } from './cpu-per-request';
import { creditLearner, waitForGems } from './credit';
import { benchFrontend } from './frontend';
import { benchGateway } from './gateway';
import { benchKitCost } from './kit-cost';
import { loadAverage } from './load';
import { benchQuizToGems } from './quiz-to-gems';
import { benchProfiles } from './profile';
import { benchRedemption } from './redemption';
import { medianOfRounds } from './rounds';
import { benchTimeline } from './timeline';
import { type BenchSection, withinBudget } from './types';

const REPORT_DIR = path.join(__dirname, 'reports');
/** Latency and throughput budgets hold on the median of this many rounds (issue 13). */
const ROUNDS = 3;
/** Redemptions measured one at a time, and the price of the gift used (the seeded catalog's stickers). */
const REDEMPTIONS = 500;
const STICKERS_COST = 5;

function toMarkdown(sections: BenchSection[], meta: Record<string, string>): string {
  const lines = ['# KidsLearn benchmark report', '', ...Object.entries(meta).map(([k, v]) => `- ${k}: ${v}`), ''];
  for (const section of sections) {
    lines.push(`## ${section.title}`, '', '| figure | value | budget | within |', '|---|---|---|---|');
    for (const figure of section.figures) {
      const within = withinBudget(figure);
      const budget = figure.budget ? `${figure.budget.op} ${figure.budget.value} ${figure.unit}` : '';
      lines.push(`| ${figure.name} | ${figure.value} ${figure.unit} | ${budget} | ${within === undefined ? '' : within ? 'yes' : 'NO'} |`);
    }
    for (const note of section.notes ?? []) lines.push('', `- ${note}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** `npm run bench -- --only=gateway,redemption`: run the sections whose title contains one of the words. */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const selected = (title: string) => !only || only.some((word) => title.toLowerCase().includes(word));

/**
 * The portal is left as the bench found it: every account it made is erased through the admin API, and with
 * them their attempts, balances and parcels (the redemption sections alone make about 2 000). The area sections
 * delete the lessons they made themselves (DELETE /lessons/{id}, e2e fixtures' removeJourneyLessons).
 */
async function eraseWhatTheBenchMade(gatewayUrl: string, pendingBefore: number | undefined): Promise<void> {
  const made = accountsMade();
  if (made.length === 0) return;
  const started = Date.now();
  await eraseAccounts(made, gatewayUrl).catch((error: unknown) => console.error(`[bench] ${String(error)}`));
  // gifts removes the parcels when learner.erased reaches it: wait for that before the services may stop.
  let pending = await pendingParcels(gatewayUrl);
  for (const deadline = Date.now() + 120_000; pendingBefore !== undefined && pending !== undefined && pending > pendingBefore && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    pending = await pendingParcels(gatewayUrl);
  }
  console.log(`[bench] erased the ${made.length} accounts the bench made in ${Math.round((Date.now() - started) / 1000)} s; pending parcels ${pendingBefore} before the bench, ${pending} now`);
}

/** The admin's count of parcels waiting for delivery (undefined when it cannot be read). */
async function pendingParcels(gatewayUrl: string): Promise<number | undefined> {
  try {
    const admin = await tokenFor(DEMO_ADMIN.email, DEMO_ADMIN.password);
    return (await gatewayCall<{ total: number }>(admin, 'GET', '/redemptions?limit=1', undefined, gatewayUrl)).total;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const env = infraEnv();
  Object.assign(process.env, env);
  const list = [...infrastructure, ...appServices, ...frontends];
  const result = await startAll(list);
  let pendingBefore: number | undefined;
  try {
    assertNoErrors(result.errors);
    const gatewayUrl = env.GATEWAY_URL!;
    const learnerToken = await tokenFor('learner@kidslearn.test', 'Learner123');
    const lessons = (await (await fetch(`${gatewayUrl}/lessons`)).json()) as Array<{ _id: string }>;
    if (lessons.length === 0) throw new Error('no lessons: the demo data was not seeded');
    pendingBefore = await pendingParcels(gatewayUrl);
    const sections: BenchSection[] = [];
    const loadAtStart = loadAverage();
    // One failing section is reported and the others still run.
    const measure = async (title: string, run: () => Promise<BenchSection>) => {
      if (!selected(title)) return;
      const started = Date.now();
      const loadBefore = loadAverage();
      let section: BenchSection;
      try {
        section = await run();
      } catch (error) {
        section = { title, figures: [], notes: [`FAILED: ${error instanceof Error ? error.message : String(error)}`] };
      }
      // How busy the machine was: a figure taken under other load is not a budget check.
      section.notes = [...(section.notes ?? []), `load average before ${loadBefore}, after ${loadAverage()}`];
      sections.push(section);
      console.log(`[bench] ${title}: ${Math.round((Date.now() - started) / 1000)} s`);
    };
    await measure('Gateway throughput', () => benchGateway(gatewayUrl, lessons[0]!._id, learnerToken));
    await measure('Quiz result to gems credited', () => medianOfRounds(ROUNDS, () => benchQuizToGems({ n: 500 })));
    await measure('CPU per request', () => medianOfRounds(ROUNDS, () => benchCpuPerRequest()));
    // Private processes with KIDSLEARN_TIMING=1 (bench/fleet.ts): the running portal is left alone.
    await measure('Timeline of one quiz submission', () => benchTimeline());
    // A fresh learner given its gems the way production does, through the broker.
    const buyer = async (gems: number) => {
      const learner = await createLearner();
      await creditLearner(env.AMQP_URL!, learner.email, gems);
      await waitForGems(gatewayUrl, learner.email, learner.token, gems);
      return { email: learner.email, token: learner.token, gems };
    };
    await measure('POST /redemptions end to end', () => medianOfRounds(ROUNDS, () => benchRedemption({ url: gatewayUrl, buyer, cost: STICKERS_COST, n: REDEMPTIONS })));
    // 20 in flight on the same balance, each buyer able to afford 80 of its 100: exact answers under contention.
    await measure('POST /redemptions at concurrency 20', () =>
      medianOfRounds(ROUNDS, () => benchRedemption({ url: gatewayUrl, buyer, cost: STICKERS_COST, n: 200, concurrency: 20, affordable: 80 })),
    );
    // `--profile`: the back end under this load with --cpu-prof (minutes; bench/profile.ts).
    if (process.argv.includes('--profile')) await measure('CPU profiles', () => benchProfiles());
    await measure('Frontend', () => benchFrontend(env.PORTAL_URL!));
    // Issue 8: the kit's share of each remote's first load, from a source-mapped build (about a minute).
    await measure('Frontend kit: bytes per remote first load (issue 8)', () => benchKitCost(env.PORTAL_URL!));
    const areas = { portalUrl: env.PORTAL_URL!, gatewayUrl, amqpUrl: env.AMQP_URL! };
    await measure('Learner area', () => benchLearnerArea(areas));
    await measure('Rewards area', () => benchRewardsArea(areas));
    await measure('Admin area', () => benchAdminArea(areas));
    await measure('Family area', () => benchFamilyArea(areas));
    await measure('Admin My Users', () => benchAdmin({ gatewayUrl, portalUrl: env.PORTAL_URL!, contentMongoUrl: env.MONGO_URL!.replace(/\/[^/]*$/, '/kidslearn-content') }));
    const meta = { date: new Date().toISOString(), machine: `${process.platform} ${process.arch}, node ${process.version}`, cores: String((await import('node:os')).cpus().length), 'load average at start': loadAtStart, 'load average at end': loadAverage() };
    mkdirSync(REPORT_DIR, { recursive: true });
    // A partial run (--only) never replaces the full report.
    const name = only ? 'partial' : 'latest';
    writeFileSync(path.join(REPORT_DIR, `${name}.json`), `${JSON.stringify({ meta, sections }, null, 2)}\n`);
    const markdown = toMarkdown(sections, meta);
    writeFileSync(path.join(REPORT_DIR, `${name}.md`), markdown);
    console.log(markdown);
  } finally {
    await eraseWhatTheBenchMade(env.GATEWAY_URL!, pendingBefore);
    await stopAll(list, result.started);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
