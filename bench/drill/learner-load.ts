// 200 learners in a loop (the learners and replicas drills): each browses the lessons, submits a quiz, looks at
// its standings and redeems a gift, again and again until the time is up. What each was answered is kept for the
// ledger check; every call is timed per route.
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { demoLessons } from '../../services/content/src/seed/demo-lessons';
import { drillClient, EXPECTED_STATUSES } from './client';
import type { Learner } from './learners';
import { answersFor } from './lessons';
import type { RedemptionAnswer, SubmissionRecord } from './mixed-load';
import { RouteRecorder, type RouteFigures } from './route-stats';

export const DEMO_LESSONS = demoLessons.map((l) => ({ id: l._id, key: l.quiz.map((q) => q.correctAnswer) }));

/** Waits until quiz knows every demo lesson's answer key (content seeds them; quiz asks for them at start). */
export async function waitForAnswerKeys(quizDbUrl: string): Promise<void> {
  const db = await mongoose.createConnection(quizDbUrl).asPromise();
  try {
    const ids = DEMO_LESSONS.map((l) => l.id);
    for (const deadline = Date.now() + 60_000; (await db.collection('answerKeys').countDocuments({ _id: { $in: ids } as never })) < ids.length; ) {
      if (Date.now() > deadline) throw new Error("quiz did not learn the demo lessons' answer keys within 60 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await db.close();
  }
}

export interface LearnerLoadResult {
  routes: RouteFigures[];
  loops: number;
  requests: number;
  /** seconds from the start until the last loop in flight at the end finished */
  untilLastLoopS: number;
  attempts: Map<string, string[]>;
  redemptions: RedemptionAnswer[];
  /** every POST /quiz-results: when it was sent (ms after the load started), how long it took, what it answered */
  submissionLog: SubmissionRecord[];
}

/** Runs the loop for `seconds` over the gateway; no loop starts after that, the ones in flight finish. */
export async function runLearnerLoad(gatewayUrl: string, who: Learner[], seconds: number): Promise<LearnerLoadResult> {
  const recorder = new RouteRecorder(EXPECTED_STATUSES);
  const client = drillClient(gatewayUrl, recorder);
  const attempts = new Map<string, string[]>(who.map((l) => [l.email, []]));
  const redemptions: RedemptionAnswer[] = [];
  const submissionLog: SubmissionRecord[] = [];
  const loadStart = Date.now();
  const stopAt = loadStart + seconds * 1000;
  let loops = 0;
  await Promise.all(
    who.map(async (learner, n) => {
      for (let i = n; Date.now() < stopAt; i += 1) {
        const listed = await client.lessons(learner);
        const ids = Array.isArray(listed.body) ? listed.body.map((l) => l._id) : [];
        const lesson = DEMO_LESSONS.find((l) => l.id === ids[i % Math.max(1, ids.length)]) ?? DEMO_LESSONS[i % DEMO_LESSONS.length]!;
        const sentAt = Date.now();
        const submitted = await client.submit(learner, lesson.id, answersFor(lesson, [0, 1, 3][i % 3]!));
        submissionLog.push({ atMs: sentAt - loadStart, ms: Date.now() - sentAt, status: submitted.status, withTotal: typeof submitted.body?.gems === 'number' });
        if (submitted.status === 201 && submitted.body?.attemptId) attempts.get(learner.email)!.push(submitted.body.attemptId);
        await client.standings(learner, lesson.id);
        const key = randomUUID();
        const redeemed = await client.redeem(learner, 'stickers', key);
        redemptions.push({ email: learner.email, key, status: redeemed.status, id: redeemed.body?.redemption?._id });
        loops += 1;
      }
    }),
  );
  const routes = recorder.figures();
  return { routes, loops, requests: routes.reduce((sum, r) => sum + r.count, 0), untilLastLoopS: Math.round((Date.now() - loadStart) / 1000), attempts, redemptions, submissionLog };
}
