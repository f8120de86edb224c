// CPU milliseconds each process spends per quiz submission and per redemption (issue 20): the gateway and
// the services of a private fleet (bench/fleet.ts), and the shared FerretDB, RabbitMQ and Redis of the local
// runner. Requests go one after another through the fleet's gateway, as a learner's would; the servers'
// share includes whatever the idle portal asked of them meanwhile (little: nothing else sends it requests).
// Capacity planning reads this (docs/OPERATIONS.md, "Sizing").
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, createEvent } from '@kidslearn/lib-events';
import { createLearner, type TestUser } from '@kidslearn/lib-testkit';
import { pgidOf } from '../infra/local/src/procs';
import { infrastructure } from '../infra/local/src/registry';
import { inspect } from '../infra/local/src/runner';
import { creditLearner, waitForGems } from './credit';
import { startFleet, type Fleet } from './fleet';
import { cpuNow, perRequest, type Watched } from './process-cpu';
import type { BenchSection } from './types';

/** Quiz allows 240 submissions per learner and minute, gifts 120 redemptions: stay below both. */
const PER_LEARNER = 100;
const WARM_UP = 20;
const address = { name: 'Bench Learner', phone: '+1 555 0100', address1: '1 Bench Road', city: 'Mathtown', postalCode: '12345' };

/** The shared servers' process groups: each found the way the runner finds it (its port's owner), then its group. */
async function serverGroups(): Promise<Record<string, number>> {
  const groups: Record<string, number> = {};
  for (const [label, name] of [['FerretDB', 'ferretdb'], ['RabbitMQ', 'rabbitmq'], ['Redis', 'redis']] as const) {
    const component = infrastructure.find((c) => c.name === name)!;
    const { pid } = await inspect(component);
    if (!pid) throw new Error(`${name} is not running`);
    groups[label] = pgidOf(pid) ?? pid;
  }
  return groups;
}

function watchedProcesses(fleet: Fleet, servers: Record<string, number>): Watched {
  return {
    gateway: { pids: fleet.pids('gateway') },
    content: { pids: fleet.pids('content') },
    quiz: { pids: fleet.pids('quiz') },
    gems: { pids: fleet.pids('gems') },
    gifts: { pids: fleet.pids('gifts') },
    ...Object.fromEntries(Object.entries(servers).map(([label, group]) => [label, { groups: [group] }])),
  };
}

async function get(url: string, token: string): Promise<number> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  await res.arrayBuffer();
  return res.status;
}

async function post(url: string, token: string, body: unknown): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Runs `count` requests (after a warm-up) and answers each process's CPU milliseconds per request. */
async function measure(watched: Watched, count: number, request: (i: number) => Promise<number>, expected: number[]): Promise<Record<string, number>> {
  for (let i = 0; i < WARM_UP; i += 1) await request(i);
  const before = cpuNow(watched);
  for (let i = WARM_UP; i < WARM_UP + count; i += 1) {
    const status = await request(i);
    if (!expected.includes(status)) throw new Error(`request ${i} answered ${status}`);
  }
  return perRequest(before, cpuNow(watched), count);
}

async function answerKeyKnown(fleet: Fleet, lessonId: string): Promise<void> {
  const quizDb = await mongoose.createConnection(fleet.dbUrl('quiz')).asPromise();
  try {
    const deadline = Date.now() + 30_000;
    while (!(await quizDb.collection('answerKeys').findOne({ _id: lessonId as never }))) {
      if (Date.now() > deadline) throw new Error('quiz did not learn the bench lesson within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await quizDb.close();
  }
}

const learnersFor = (requests: number): Promise<TestUser[]> => Promise.all(Array.from({ length: Math.ceil(requests / PER_LEARNER) }, () => createLearner()));

export async function benchCpuPerRequest({ n = 300 }: { n?: number } = {}): Promise<BenchSection> {
  const fleet = await startFleet({
    services: ['content', 'quiz', 'gems', 'gifts', 'gateway'],
    serviceEnv: (service): Record<string, string> => (service === 'content' ? { SEED_DEMO_DATA: 'true' } : {}),
  });
  const gateway = fleet.url('gateway');
  const bus = await EventBus.connect({ url: fleet.amqpUrl, serviceName: `bench-${randomUUID().slice(0, 8)}`, logger: createLogger('bench', 'silent') });
  try {
    const lessonId = `bench-${randomUUID().slice(0, 12)}`;
    await bus.publish(createEvent('lesson.created', { lessonId, lessonHeading: `Bench ${lessonId}`, answerKey: ['A', 'B', 'C', 'D', 'A'] }));
    await answerKeyKnown(fleet, lessonId);

    const servers = await serverGroups();
    const watched = watchedProcesses(fleet, servers);
    const takers = await learnersFor(n + WARM_UP);
    const tokenOf = (i: number) => takers[Math.floor(i / PER_LEARNER)]!.token;
    const lessons = await measure(watched, n, (i) => get(`${gateway}/lessons`, tokenOf(i)), [200]);
    const quiz = await measure(
      watched,
      n,
      (i) => post(`${gateway}/quiz-results`, takers[Math.floor(i / PER_LEARNER)]!.token, { quizId: lessonId, answers: ['A', 'B', 'C', 'D', i % 2 ? 'A' : null] }),
      [201],
    );
    const standings = await measure(watched, n, (i) => get(`${gateway}/standings/${lessonId}`, tokenOf(i)), [200]);

    const buyers = await learnersFor(n + WARM_UP);
    for (const buyer of buyers) {
      await creditLearner(fleet.amqpUrl, buyer.email, 5 * PER_LEARNER);
      await waitForGems(gateway, buyer.email, buyer.token, 5 * PER_LEARNER);
    }
    const redemption = await measure(watched, n, (i) => post(`${gateway}/redemptions`, buyers[Math.floor(i / PER_LEARNER)]!.token, { giftId: 'stickers', address }), [201]);

    const sum = (figures: Record<string, number>) => Math.round(Object.values(figures).reduce((total, ms) => total + ms, 0) * 10) / 10;
    return {
      title: `CPU per request, by process (N=${n} each, one at a time through a private gateway)`,
      figures: [
        ...Object.entries(lessons).map(([name, ms]) => ({ name: `lesson list: ${name}`, value: ms, unit: 'ms CPU' })),
        { name: 'lesson list: all processes', value: sum(lessons), unit: 'ms CPU' },
        ...Object.entries(standings).map(([name, ms]) => ({ name: `standings: ${name}`, value: ms, unit: 'ms CPU' })),
        { name: 'standings: all processes', value: sum(standings), unit: 'ms CPU' },
        ...Object.entries(quiz).map(([name, ms]) => ({ name: `quiz submission: ${name}`, value: ms, unit: 'ms CPU' })),
        { name: 'quiz submission: all processes', value: sum(quiz), unit: 'ms CPU' },
        ...Object.entries(redemption).map(([name, ms]) => ({ name: `redemption: ${name}`, value: ms, unit: 'ms CPU' })),
        { name: 'redemption: all processes', value: sum(redemption), unit: 'ms CPU' },
      ],
      notes: [
        `processes: ${Object.entries(watched).map(([name, { pids = [], groups = [] }]) => `${name} ${[...pids, ...groups.map((g) => `group ${g}`)].join('+')}`).join(', ')}`,
        'user + system time from /proc per process (FerretDB, RabbitMQ and Redis: their whole process group), over the measured requests, divided by their number; a warm-up of 20 is not counted',
        `capacity on one core, at 100 % and nothing else running: about ${Math.floor(1000 / sum(quiz))} quiz submissions or ${Math.floor(1000 / sum(redemption))} redemptions a second`,
      ],
    };
  } finally {
    await bus.close();
    await fleet.stop();
  }
}
