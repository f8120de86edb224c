// Latency from POST /quiz-results to the gems credit being known to quiz (the answer carries the
// new total once gems.credited came back over RabbitMQ). Quiz and gems run as their own processes, as in
// production (bench/fleet.ts: throw-away databases, the bench's RabbitMQ vhost and Redis db); in one
// process with the bench they would share an event loop with each other and with the client.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, createEvent } from '@kidslearn/lib-events';
import { createLearner } from '@kidslearn/lib-testkit';
import { startFleet } from './fleet';
import { percentile, type BenchSection } from './types';

/** The raw figures, also reported as a BenchSection for bench/run.ts. */
export interface QuizToGemsFigures {
  n: number;
  /** attempts whose answer already carried the new total */
  settledInAnswer: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
}

/** Submissions before the measured ones. */
const WARM_UP = 10;
/**
 * Submissions per bench learner: below quiz's per-learner limit (SUBMISSIONS_PER_MINUTE, 240) however fast
 * the path is, so the bench uses several learners instead of loosening the limit.
 */
const PER_LEARNER = 200;

const round = (ms: number) => Math.round(ms * 10) / 10;

/** `nodeArgs`: extra node flags for quiz and gems (`--cpu-prof` to see where this path spends its CPU). */
export async function benchQuizToGems({ n = 500, nodeArgs }: { n?: number; nodeArgs?: string[] } = {}): Promise<BenchSection & { raw: QuizToGemsFigures }> {
  const fleet = await startFleet({ services: ['quiz', 'gems'], nodeArgs: () => nodeArgs ?? [] });
  const quizUrl = fleet.url('quiz');
  const bus = await EventBus.connect({ url: fleet.amqpUrl, serviceName: `bench-${randomUUID().slice(0, 8)}`, logger: createLogger('bench', 'silent') });
  const quizDb = await mongoose.createConnection(fleet.dbUrl('quiz')).asPromise();
  try {
    const learners = await Promise.all(Array.from({ length: Math.ceil((n + WARM_UP) / PER_LEARNER) }, () => createLearner()));
    const lessonIds = [`bench-${randomUUID().slice(0, 12)}`, `bench-${randomUUID().slice(0, 12)}`];
    for (const [i, lessonId] of lessonIds.entries()) {
      await bus.publish(createEvent('lesson.created', { lessonId, lessonHeading: `Bench ${lessonId}`, answerKey: [i ? 'B' : 'A', 'B', 'C', 'D', 'A'] }));
    }
    const answerKeys = quizDb.collection('answerKeys');
    while ((await answerKeys.countDocuments({ _id: { $in: lessonIds } as never })) < lessonIds.length) await new Promise((r) => setTimeout(r, 50));
    const attempts = quizDb.collection('attempts');
    const samples: number[] = [];
    let settledInAnswer = 0;
    // The first calls of freshly started in-process services pay for JIT and lazy loading: not counted.
    for (let i = -WARM_UP; i < n; i += 1) {
      const learner = learners[Math.floor((i + WARM_UP) / PER_LEARNER)]!;
      const started = performance.now();
      const res = await fetch(`${quizUrl}/quiz-results`, {
        method: 'POST',
        headers: { authorization: `Bearer ${learner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ quizId: lessonIds[Math.abs(i) % 2], answers: ['A', 'B', 'C', 'D', Math.abs(i) % 3 === 0 ? 'A' : null] }),
      });
      const body = (await res.json()) as { attemptId: string; gems: number | null };
      if (res.status !== 201) throw new Error(`POST /quiz-results answered ${res.status}`);
      if (body.gems !== null && i >= 0) settledInAnswer += 1;
      else {
        // Not settled within the service's wait: measure until it is.
        while (!(await attempts.findOne({ _id: body.attemptId as never, settledAt: { $ne: null } }))) await new Promise((r) => setTimeout(r, 5));
      }
      if (i >= 0) samples.push(performance.now() - started);
    }
    const raw: QuizToGemsFigures = {
      n,
      settledInAnswer,
      p50Ms: round(percentile(samples, 50)),
      p99Ms: round(percentile(samples, 99)),
      meanMs: round(samples.reduce((sum, v) => sum + v, 0) / Math.max(1, n)),
      maxMs: round(Math.max(...samples)),
    };
    return {
      title: `Quiz result to gems credited (POST /quiz-results until gems.credited is back), N=${n}`,
      figures: [
        { name: 'quiz → gems p50', value: raw.p50Ms, unit: 'ms', budget: { op: '<=', value: 15 } },
        { name: 'quiz → gems p99', value: raw.p99Ms, unit: 'ms', budget: { op: '<=', value: 40 } },
      ],
      notes: [
        `${settledInAnswer}/${n} answers already carried the new gem total; mean ${raw.meanMs} ms, max ${raw.maxMs} ms; ${WARM_UP} warm-up submissions first, not counted`,
        `${learners.length} learners, at most ${PER_LEARNER} submissions each (quiz allows 240 per learner per minute); quiz and gems as separate processes on the bench's own RabbitMQ vhost, so the portal's consumers do not answer too`,
      ],
      raw,
    };
  } finally {
    await quizDb.close();
    await bus.close();
    await fleet.stop();
  }
}
