// CPU profiles of the gateway, quiz, gems and gifts under the bench's load: private processes (bench/fleet.ts)
// started with --cpu-prof into bench/reports/profiles/ (git-ignored), loaded like the bench does (gateway reads,
// quiz submissions, redemptions one at a time and 20 at once), stopped, and summarised: top self-time functions
// and packages per service. `npm run bench -- --profile` (a report section), or alone `npx tsx bench/profile.ts`.
// Open a .cpuprofile in Chrome DevTools (Performance → Load profile) for the call trees.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, createEvent } from '@kidslearn/lib-events';
import { createLearner } from '@kidslearn/lib-testkit';
import { summariseProfile, type ProfileSummary } from './cpu-profile';
import { startFleet, type Fleet, type FleetService } from './fleet';
import { benchRedemption } from './redemption';
import type { BenchSection, Figure } from './types';

export const PROFILE_DIR = path.join(__dirname, 'reports', 'profiles');
const SERVICES: FleetService[] = ['gateway', 'quiz', 'gems', 'gifts'];
const TOP = 15;
const SUBMISSIONS = 300;

/** Gems for a fleet learner, as production gives them: scored attempts on new lessons (reward ≤ 2 each). */
async function buyerOf(fleet: Fleet, bus: EventBus, gems: number) {
  const learner = await createLearner();
  for (let left = gems; left > 0; left -= 2) {
    const data = { attemptId: randomUUID(), lessonId: `bench-${randomUUID()}`, email: learner.email, userId: learner.email, name: 'Bench', score: 5, total: 5, reward: Math.min(2, left) };
    await bus.publish(createEvent('quiz.attempt.scored', data));
  }
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${fleet.url('gateway')}/gems/${encodeURIComponent(learner.email)}`, { headers: { authorization: `Bearer ${learner.token}` } });
    if (res.ok && ((await res.json()) as { gems: number }).gems >= gems) return { email: learner.email, token: learner.token, gems };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('a profiling buyer was not credited in time');
}

/** The bench's load on the fleet: gateway reads, quiz → gems submissions, redemptions. */
async function drive(fleet: Fleet, bus: EventBus): Promise<void> {
  const gateway = fleet.url('gateway');
  const learners = [await createLearner(), await createLearner()];
  const lessonIds = [`bench-${randomUUID().slice(0, 12)}`, `bench-${randomUUID().slice(0, 12)}`];
  for (const lessonId of lessonIds) await bus.publish(createEvent('lesson.created', { lessonId, lessonHeading: `Bench ${lessonId}`, answerKey: ['A', 'B', 'C', 'D', 'A'] }));
  await new Promise((r) => setTimeout(r, 1000));
  const auth = { authorization: `Bearer ${learners[0]!.token}` };
  for (const [url, headers] of [
    [`${gateway}/lessons`, {}],
    [`${gateway}/standings/${lessonIds[0]}`, auth],
    [`${gateway}/standings/${lessonIds[0]}`, { ...auth, 'cache-control': 'no-cache' }],
  ] as const) {
    await autocannon({ url, connections: 10, duration: 10, headers });
  }
  // Below quiz's 240 submissions per learner and minute.
  for (let i = 0; i < SUBMISSIONS; i++) {
    const learner = learners[i % learners.length]!;
    const res = await fetch(`${gateway}/quiz-results`, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ quizId: lessonIds[i % 2], answers: ['A', 'B', 'C', 'D', i % 3 === 0 ? 'A' : null] }),
    });
    await res.arrayBuffer();
  }
  const buyer = (gems: number) => buyerOf(fleet, bus, gems);
  await benchRedemption({ url: gateway, buyer, n: 50 });
  await benchRedemption({ url: gateway, buyer, n: 60, concurrency: 20, affordable: 40 });
}

export async function benchProfiles(): Promise<BenchSection> {
  rmSync(PROFILE_DIR, { recursive: true, force: true });
  mkdirSync(PROFILE_DIR, { recursive: true });
  const fleet = await startFleet({
    services: SERVICES,
    run: 'source',
    // One folder per service: tsx's loader thread writes a profile of its own next to the main thread's.
    nodeArgs: (service) => ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, service)}`],
  });
  let bus: EventBus | undefined;
  try {
    bus = await EventBus.connect({ url: fleet.amqpUrl, serviceName: `bench-${randomUUID().slice(0, 8)}`, logger: createLogger('bench', 'silent') });
    await drive(fleet, bus);
  } finally {
    await bus?.close();
    await fleet.stop();
  }
  const figures: Figure[] = [];
  const notes: string[] = [`Profiles in ${path.relative(process.cwd(), PROFILE_DIR)}/<service>/ (whole process life: start-up, then the load; the busiest file is the main thread).`];
  for (const service of SERVICES) {
    const dir = path.join(PROFILE_DIR, service);
    const busyOf = (s: ProfileSummary) => s.totalMs - s.idleMs;
    const summary = readdirSync(dir)
      .map((file) => summariseProfile(path.join(dir, file)))
      .sort((a, b) => busyOf(b) - busyOf(a))[0];
    if (!summary) throw new Error(`no CPU profile of ${service}`);
    const busy = Math.round(busyOf(summary));
    const share = (ms: number) => `${ms} ms (${Math.round((ms / busy) * 100)} %)`;
    figures.push({ name: `${service}: CPU busy`, value: Math.round(busy), unit: 'ms' });
    notes.push(
      `${service} by package: ${summary.packages.slice(0, 8).map((p) => `${p.name} ${share(p.ms)}`).join('; ')}`,
      `${service} top ${TOP} self-time functions: ${summary.functions.slice(0, TOP).map((f) => `${f.name} ${share(f.ms)}`).join('; ')}`,
    );
  }
  return { title: 'CPU profiles under the bench load (gateway, quiz, gems, gifts; --cpu-prof)', figures, notes };
}

if (require.main === module) {
  void import('../infra/local/src/env').then(async ({ infraEnv }) => {
    Object.assign(process.env, infraEnv());
    const section = await benchProfiles();
    for (const line of [...section.figures.map((f) => `${f.name}: ${f.value} ${f.unit}`), ...section.notes!]) console.log(`${line}\n`);
    process.exit(0);
  });
}
