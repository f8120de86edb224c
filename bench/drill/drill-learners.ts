// Drill 4: 200 concurrent learners for 60 s, each in a loop (browse lessons, submit a quiz, look at the
// standings, redeem) over the fleet's gateway → 0 errors, p50/p99 per route; then the same ledger check.
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { demoLessons } from '../../services/content/src/seed/demo-lessons';
import { loadAverage } from '../load';
import { drillClient, EXPECTED_STATUSES } from './client';
import { drillLogFile, startDrillFleet } from './fleet-for-drill';
import { checkLedger } from './ledger-check';
import { learners } from './learners';
import { answersFor } from './lessons';
import type { RedemptionAnswer } from './mixed-load';
import type { DrillOptions } from './options';
import { defectsOf, type DrillResult } from './result';
import { RouteRecorder } from './route-stats';
import type { DrillServers } from './servers';
import { Timeline } from './timeline';

const LESSONS = demoLessons.map((l) => ({ id: l._id, key: l.quiz.map((q) => q.correctAnswer) }));

async function waitForAnswerKeys(quizDbUrl: string): Promise<void> {
  const db = await mongoose.createConnection(quizDbUrl).asPromise();
  try {
    const ids = LESSONS.map((l) => l.id);
    for (const deadline = Date.now() + 60_000; (await db.collection('answerKeys').countDocuments({ _id: { $in: ids } as never })) < ids.length; ) {
      if (Date.now() > deadline) throw new Error("quiz did not learn the demo lessons' answer keys within 60 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await db.close();
  }
}

export async function drillLearners(servers: DrillServers, o: DrillOptions, command: string): Promise<DrillResult> {
  const name = 'learners';
  const timeline = new Timeline(name);
  const result: DrillResult = {
    name,
    title: `${o.learners} concurrent learners for ${o.learnersSeconds} s`,
    date: new Date().toISOString(),
    command,
    loadBefore: loadAverage(),
    loadAfter: '',
    durationS: 0,
    steps: timeline.steps,
    routes: [],
    figures: { learners: o.learners, 'seconds of load': o.learnersSeconds },
    defects: [],
  };
  // content seeds the demo lessons; quiz asks for every lesson at start (content re-announces them).
  const fleet = await startDrillFleet(servers, {
    drill: name,
    services: ['content', 'quiz', 'gems', 'gifts', 'gateway'],
    serviceEnv: (service): Record<string, string> => ({ content: { SEED_DEMO_DATA: 'true' }, quiz: { REQUEST_LESSONS_ON_START: 'true' } })[service as string] ?? {},
  });
  try {
    await waitForAnswerKeys(fleet.dbUrl('quiz'));
    timeline.note(`fleet up (content, quiz, gems, gifts, gateway; logs ${drillLogFile(name)}), ${LESSONS.length} demo lessons known to quiz`);
    const who = await learners(o.learners);
    timeline.note(`${who.length} learners ready (Keycloak accounts, fresh tokens)`);
    const recorder = new RouteRecorder(EXPECTED_STATUSES);
    const client = drillClient(fleet.url('gateway'), recorder);
    const attempts = new Map<string, string[]>(who.map((l) => [l.email, []]));
    const redemptions: RedemptionAnswer[] = [];
    const loadStart = Date.now();
    const stopAt = loadStart + o.learnersSeconds * 1000;
    let loops = 0;
    timeline.note(`load: each learner loops GET /lessons → POST /quiz-results → GET /standings/:lessonId → POST /redemptions for ${o.learnersSeconds} s`);
    await Promise.all(
      who.map(async (learner, n) => {
        for (let i = n; Date.now() < stopAt; i += 1) {
          const listed = await client.lessons(learner);
          const ids = Array.isArray(listed.body) ? listed.body.map((l) => l._id) : [];
          const lesson = LESSONS.find((l) => l.id === ids[i % Math.max(1, ids.length)]) ?? LESSONS[i % LESSONS.length]!;
          const submitted = await client.submit(learner, lesson.id, answersFor(lesson, [0, 1, 3][i % 3]!));
          if (submitted.status === 201 && submitted.body?.attemptId) attempts.get(learner.email)!.push(submitted.body.attemptId);
          await client.standings(learner, lesson.id);
          const key = randomUUID();
          const redeemed = await client.redeem(learner, 'stickers', key);
          redemptions.push({ email: learner.email, key, status: redeemed.status, id: redeemed.body?.redemption?._id });
          loops += 1;
        }
      }),
    );
    result.routes = recorder.figures();
    const requests = result.routes.reduce((sum, r) => sum + r.count, 0);
    result.figures['learner loops'] = loops;
    result.figures.requests = requests;
    // No loop starts after the 60 s; the ones in flight then finish.
    result.figures['until the last loop finished (s)'] = Math.round((Date.now() - loadStart) / 1000);
    result.figures['throughput (req/s)'] = Math.round((requests / o.learnersSeconds) * 10) / 10;
    timeline.note(`load done: ${loops} loops, ${requests} requests; waiting for every attempt and redemption to settle, then checking`);
    result.check = await checkLedger({ quizDbUrl: fleet.dbUrl('quiz'), gemsDbUrl: fleet.dbUrl('gems'), giftsDbUrl: fleet.dbUrl('gifts'), amqpUrl: fleet.amqpUrl, attempts, redemptions, settleTimeoutMs: o.settleTimeoutSeconds * 1000 });
    timeline.note(`${result.check.settled ? 'settled' : 'NOT settled'} ${Math.round(result.check.settleMs / 100) / 10} s after the load; checked`);
    result.defects = [
      ...result.routes.filter((r) => r.errors > 0).map((r) => `${r.route}: ${r.errors} errors of ${r.count} (${JSON.stringify(r.statuses)})`),
      ...defectsOf(result.check),
    ];
  } finally {
    await fleet.stop().catch((error: unknown) => console.error('[drill] fleet stop failed', error));
    result.loadAfter = loadAverage();
    result.durationS = Math.round(timeline.elapsedMs() / 1000);
  }
  return result;
}
