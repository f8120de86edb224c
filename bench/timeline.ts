// Where one quiz submission spends its time: gateway, quiz and gems started privately with KIDSLEARN_TIMING=1
// (see bench/fleet.ts and lib-core's timing.ts) print a {hop, id, t} line per hop; the bench submits quiz
// results one at a time through that gateway and reports the median time of each hop since the request left.
// Alone: `npx tsx bench/timeline.ts`; in `npm run bench` it is the "Timeline" section.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, createEvent } from '@kidslearn/lib-events';
import { createLearner } from '@kidslearn/lib-testkit';
import { startFleet } from './fleet';
import type { BenchSection, Figure } from './types';

const WARM_UP = 10;
const round = (v: number) => Math.round(v * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const now = () => performance.timeOrigin + performance.now();

interface Submission {
  key: string;
  attemptId: string;
  sent: number;
  answered: number;
}

/** A lesson only the fleet's quiz knows (published on the bench vhost), ready once quiz answers for it. */
async function createLesson(bus: EventBus, quizUrl: string, token: string): Promise<string> {
  const lessonId = `bench-${randomUUID().slice(0, 12)}`;
  await bus.publish(createEvent('lesson.created', { lessonId, lessonHeading: `Bench ${lessonId}`, answerKey: ['A', 'B', 'C', 'D', 'A'] }));
  for (let tries = 0; tries < 100; tries++) {
    const res = await fetch(`${quizUrl}/standings/${lessonId}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.ok) return lessonId;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the fleet quiz did not learn the bench lesson');
}

const SENT = 'bench sends POST /quiz-results';
const ANSWERED = 'bench has the answer';
/** The critical path in segments (from hop, to hop): where the time goes. */
const SEGMENTS: Array<[string, string, string]> = [
  ['HTTP in: bench → gateway → quiz', SENT, 'quiz.http.in'],
  ['quiz: auth, limits, answer key, attempt write', 'quiz.http.in', 'quiz.attempt.written'],
  ['quiz → gems: publish to delivery (broker)', 'quiz.attempt.scored.publish', 'quiz.attempt.scored.consume'],
  ['gems: balance read', 'quiz.attempt.scored.consume', 'gems.balance.read'],
  ['gems: balance write (ledger copy, guarded update)', 'gems.balance.read', 'gems.credited.outbox.kicked'],
  ['gems → quiz: gems.credited publish to delivery (broker)', 'gems.credited.publish', 'gems.credited.consume'],
  ['quiz: settle write', 'gems.credited.consume', 'quiz.settled'],
  ['quiz: Redis announce until the waiter wakes', 'quiz.settled', 'quiz.woken'],
  // The announcement carries the recorded total: no read back unless it came without one.
  ['quiz: waiter wakes → answer written', 'quiz.woken', 'quiz.http.out'],
  ['HTTP out: quiz → gateway → bench', 'quiz.http.out', ANSWERED],
];

/** Median of `to − from` over the submissions that saw both hops. */
function medianStep(perSubmission: Map<string, number>[], from: string, to: string): number {
  const steps = perSubmission.filter((h) => h.has(from) && h.has(to)).map((h) => h.get(to)! - h.get(from)!);
  return steps.length ? median(steps) : Number.NaN;
}

/** Per hop: the median time since the request left, and the median step from the hop before. */
function summarise(submissions: Submission[], marks: Map<string, Map<string, number>>) {
  const offsets = new Map<string, number[]>();
  const perSubmission = submissions.map((s) => {
    const hops = new Map<string, number>([[SENT, 0]]);
    for (const id of [s.key, s.attemptId]) for (const [hop, t] of marks.get(id) ?? []) hops.set(hop, t - s.sent);
    hops.set(ANSWERED, s.answered - s.sent);
    for (const [hop, offset] of hops) offsets.set(hop, [...(offsets.get(hop) ?? []), offset]);
    return hops;
  });
  const order = [...offsets.entries()].map(([hop, values]) => ({ hop, at: median(values), seen: values.length })).sort((a, b) => a.at - b.at);
  const rows = order.map((row, i) => {
    const previous = order[i - 1]?.hop;
    return { ...row, step: previous ? medianStep(perSubmission, previous, row.hop) : 0 };
  });
  const segments = SEGMENTS.map(([name, from, to]) => ({ name, ms: medianStep(perSubmission, from, to) }));
  return { rows, segments };
}

export async function benchTimeline({ n = 50 }: { n?: number } = {}): Promise<BenchSection> {
  // hop → first time seen, per id (an attempt id or the request's idempotency key)
  const marks = new Map<string, Map<string, number>>();
  const fleet = await startFleet({
    services: ['quiz', 'gems', 'gateway'],
    env: { KIDSLEARN_TIMING: '1' },
    onLine: (_service, line) => {
      if (!line.startsWith('{"hop"')) return;
      const { hop, id, t } = JSON.parse(line) as { hop: string; id: string; t: number };
      const byHop = marks.get(id) ?? new Map<string, number>();
      if (!byHop.has(hop)) byHop.set(hop, t);
      marks.set(id, byHop);
    },
  });
  const submissions: Submission[] = [];
  let bus: EventBus | undefined;
  try {
    bus = await EventBus.connect({ url: fleet.amqpUrl, serviceName: `bench-${randomUUID().slice(0, 8)}`, logger: createLogger('bench', 'silent') });
    const learner = await createLearner();
    // A new lesson per submission: each one is a first attempt that changes the balance and the best.
    const gateway = fleet.url('gateway');
    for (let i = -WARM_UP; i < n; i++) {
      const lessonId = await createLesson(bus, fleet.url('quiz'), learner.token);
      const key = randomUUID();
      const sent = now();
      const res = await fetch(`${gateway}/quiz-results`, {
        method: 'POST',
        headers: { authorization: `Bearer ${learner.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ quizId: lessonId, answers: ['A', 'B', 'C', 'D', 'A'] }),
      });
      const body = (await res.json()) as { attemptId: string; gems: number | null };
      const answered = now();
      if (res.status !== 201) throw new Error(`POST /quiz-results answered ${res.status}`);
      if (i >= 0) submissions.push({ key, attemptId: body.attemptId, sent, answered });
    }
    // Hops after the answer (acks, outbox clean-up) are still being printed.
    await new Promise((r) => setTimeout(r, 1000));
  } finally {
    await bus?.close();
    await fleet.stop();
  }
  const { rows, segments } = summarise(submissions, marks);
  const figures: Figure[] = rows.map((row) => ({ name: `${row.hop} (step ${round(row.step)} ms${row.seen < n ? `, seen ${row.seen}/${n}` : ''})`, value: round(row.at), unit: 'ms' }));
  return {
    title: `Timeline of one quiz submission (gateway → quiz → RabbitMQ → gems → quiz, KIDSLEARN_TIMING=1, N=${n})`,
    figures,
    notes: [
      `Where the time goes (critical path, median per segment): ${segments.map((seg) => `${seg.name} ${round(seg.ms)} ms`).join('; ')}.`,
      'Value: median time since the bench sent the request; step: median time from the hop above (per submission). Hops are ordered by their median.',
      `Private gateway, quiz and gems processes (bench/fleet.ts: own ports, databases, RabbitMQ vhost, Redis db), one submission at a time on a new lesson each, ${WARM_UP} warm-up submissions not counted.`,
      'Event hops are <event type>.<step>: publish (handed to the channel), confirmed (broker confirm), consume (delivered to the consumer), acked (handler done); outbox.kicked / outbox.cleared are the relay taking and removing the stored copy.',
    ],
  };
}

if (require.main === module) {
  void import('../infra/local/src/env').then(async ({ infraEnv }) => {
    Object.assign(process.env, infraEnv());
    const section = await benchTimeline();
    console.log(section.title);
    for (const figure of section.figures) console.log(`${String(figure.value).padStart(8)} ms  ${figure.name}`);
    console.log(section.notes![0]);
    process.exit(0);
  });
}
