// Latency from POST /quiz-results to the gems credit being known to quiz (the answer carries the
// new total once gems.credited came back over RabbitMQ). Starts quiz and gems in-process against
// the real local infrastructure with throw-away databases, over the bench's own RabbitMQ vhost.
import { performance } from 'node:perf_hooks';
import { createLearner } from '@kidslearn/lib-testkit';
import { startServices } from '../services/quiz/test/support/harness';
import { benchAmqpUrl } from './bench-vhost';
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

export async function benchQuizToGems({ n = 500 }: { n?: number } = {}): Promise<BenchSection & { raw: QuizToGemsFigures }> {
  // The harness reads AMQP_URL when it starts: only this section's services see the bench vhost.
  const sharedAmqpUrl = process.env.AMQP_URL;
  process.env.AMQP_URL = await benchAmqpUrl(sharedAmqpUrl ?? 'amqp://guest:guest@127.0.0.1:5672');
  const services = await startServices().finally(() => {
    process.env.AMQP_URL = sharedAmqpUrl;
  });
  try {
    const learners = await Promise.all(Array.from({ length: Math.ceil((n + WARM_UP) / PER_LEARNER) }, () => createLearner()));
    const lessonIds = [await services.createLesson(['A', 'B', 'C', 'D', 'A']), await services.createLesson(['B', 'B', 'C', 'D', 'A'])];
    const attempts = services.quizDb!.collection('attempts');
    const samples: number[] = [];
    let settledInAnswer = 0;
    // The first calls of freshly started in-process services pay for JIT and lazy loading: not counted.
    for (let i = -WARM_UP; i < n; i += 1) {
      const learner = learners[Math.floor((i + WARM_UP) / PER_LEARNER)]!;
      const started = performance.now();
      const res = await fetch(`${services.quizUrl}/quiz-results`, {
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
        { name: 'quiz → gems p50', value: raw.p50Ms, unit: 'ms' },
        { name: 'quiz → gems p99', value: raw.p99Ms, unit: 'ms', budget: { op: '<=', value: 100 } },
      ],
      notes: [
        `${settledInAnswer}/${n} answers already carried the new gem total; mean ${raw.meanMs} ms, max ${raw.maxMs} ms; ${WARM_UP} warm-up submissions first, not counted`,
        `${learners.length} learners, at most ${PER_LEARNER} submissions each (quiz allows 240 per learner per minute); quiz and gems in the bench's own RabbitMQ vhost, so the portal's consumers do not answer too`,
      ],
      raw,
    };
  } finally {
    await services.stop();
  }
}
