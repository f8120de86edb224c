// The "1000 quiz submissions and 200 redemptions", paced evenly over a given time so a disruption
// scheduled at a moment lands in the middle of the traffic. What each learner was answered is kept for
// the checks (attempt ids of the 201s, redemption ids and statuses by Idempotency-Key).
import { randomUUID } from 'node:crypto';
import type { DrillClient } from './client';
import type { Learner } from './learners';
import { answersFor, type DrillLesson } from './lessons';

export interface MixedLoadOptions {
  client: DrillClient;
  learners: Learner[];
  lessons: DrillLesson[];
  submissions: number;
  redemptions: number;
  /** the requests are started evenly over this time (later when the answers are slower) */
  durationMs: number;
  concurrency: number;
  giftId: string;
}

export interface RedemptionAnswer {
  email: string;
  key: string;
  status: number;
  id?: string;
}

export interface MixedLoadAnswers {
  /** attempt ids answered 201, per learner email */
  attempts: Map<string, string[]>;
  /** submissions not answered 201, per learner email */
  submissionsFailed: Map<string, number>;
  redemptions: RedemptionAnswer[];
  /** every submission: when it started (ms after the load's start), how long, its status, its gems total known */
  submissionLog: SubmissionRecord[];
  wallMs: number;
}

export interface SubmissionRecord {
  atMs: number;
  ms: number;
  status: number;
  withTotal: boolean;
}

/** 50 % perfect (2 gems), 25 % one wrong (1 gem), 25 % three wrong (0): repeats of a lesson top up. */
const wrongAnswers = (i: number) => [0, 0, 1, 3][i % 4]!;

export async function runMixedLoad(o: MixedLoadOptions): Promise<MixedLoadAnswers> {
  const total = o.submissions + o.redemptions;
  // Redemptions spread among the submissions: every (total / redemptions)-th request is one.
  const every = o.redemptions > 0 ? total / o.redemptions : Infinity;
  const isRedemption = (i: number) => Math.floor((i + 1) / every) > Math.floor(i / every);
  const answers: MixedLoadAnswers = { attempts: new Map(), submissionsFailed: new Map(), redemptions: [], submissionLog: [], wallMs: 0 };
  for (const l of o.learners) {
    answers.attempts.set(l.email, []);
    answers.submissionsFailed.set(l.email, 0);
  }
  const started = Date.now();
  let next = 0;
  const one = async (i: number) => {
    const learner = o.learners[i % o.learners.length]!;
    if (isRedemption(i)) {
      const key = randomUUID();
      const res = await o.client.redeem(learner, o.giftId, key);
      answers.redemptions.push({ email: learner.email, key, status: res.status, id: res.body?.redemption?._id ?? res.body?.redemption?.id });
      return;
    }
    const lesson = o.lessons[Math.floor(Math.random() * o.lessons.length)]!;
    const atMs = Date.now() - started;
    const res = await o.client.submit(learner, lesson.id, answersFor(lesson, wrongAnswers(i)));
    answers.submissionLog.push({ atMs, ms: Date.now() - started - atMs, status: res.status, withTotal: typeof res.body?.gems === 'number' });
    if (res.status === 201 && res.body?.attemptId) answers.attempts.get(learner.email)!.push(res.body.attemptId);
    else answers.submissionsFailed.set(learner.email, answers.submissionsFailed.get(learner.email)! + 1);
  };
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const due = started + (i * o.durationMs) / total;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      await one(i);
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  answers.wallMs = Date.now() - started;
  return answers;
}
