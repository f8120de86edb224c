// CPU milliseconds each process spends per quiz submission and per redemption (issue 20): the gateway and
// the services of a private fleet (bench/fleet.ts), and the shared FerretDB, RabbitMQ and Redis of the local
// runner. Requests go one after another through the fleet's gateway, as a learner's would; the servers'
// share includes whatever the idle portal asked of them meanwhile (little: nothing else sends it requests).
// Capacity planning reads this (docs/OPERATIONS.md, "Sizing").
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { MongoClient } from 'mongodb';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, createEvent } from '@kidslearn/lib-events';
import { createLearner, type TestUser } from '@kidslearn/lib-testkit';
import { pgidOf } from '../infra/local/src/procs';
import { infrastructure } from '../infra/local/src/registry';
import { inspect } from '../infra/local/src/runner';
import { creditLearner, waitForGems } from './credit';
import { commandCounts, commandsPer, describeCommands } from './ferretdb-commands';
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

interface Measured {
  cpu: Record<string, number>;
  /** FerretDB commands per request, by command (those above 0.05) */
  commands: Record<string, number>;
}

/** Runs `count` requests (after a warm-up) and answers each process's CPU milliseconds, and FerretDB's commands, per request. */
async function measure(watched: Watched, db: MongoClient, count: number, request: (i: number) => Promise<number>, expected: number[]): Promise<Measured> {
  for (let i = 0; i < WARM_UP; i += 1) await request(i);
  const before = cpuNow(watched);
  const commandsBefore = await commandCounts(db);
  for (let i = WARM_UP; i < WARM_UP + count; i += 1) {
    const status = await request(i);
    if (!expected.includes(status)) throw new Error(`request ${i} answered ${status}`);
  }
  const cpu = perRequest(before, cpuNow(watched), count);
  const commands = commandsPer(commandsBefore, await commandCounts(db), count);
  return { cpu, commands };
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
  const db = await MongoClient.connect(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/');
  const bus = await EventBus.connect({ url: fleet.amqpUrl, serviceName: `bench-${randomUUID().slice(0, 8)}`, logger: createLogger('bench', 'silent') });
  try {
    const lessonId = `bench-${randomUUID().slice(0, 12)}`;
    await bus.publish(createEvent('lesson.created', { lessonId, lessonHeading: `Bench ${lessonId}`, answerKey: ['A', 'B', 'C', 'D', 'A'] }));
    await answerKeyKnown(fleet, lessonId);

    const servers = await serverGroups();
    const watched = watchedProcesses(fleet, servers);
    const takers = await learnersFor(n + WARM_UP);
    const tokenOf = (i: number) => takers[Math.floor(i / PER_LEARNER)]!.token;
    const lessons = await measure(watched, db, n, (i) => get(`${gateway}/lessons`, tokenOf(i)), [200]);
    const quiz = await measure(
      watched,
      db,
      n,
      (i) => post(`${gateway}/quiz-results`, takers[Math.floor(i / PER_LEARNER)]!.token, { quizId: lessonId, answers: ['A', 'B', 'C', 'D', i % 2 ? 'A' : null] }),
      [201],
    );
    const standings = await measure(watched, db, n, (i) => get(`${gateway}/standings/${lessonId}`, tokenOf(i)), [200]);

    const buyers = await learnersFor(n + WARM_UP);
    for (const buyer of buyers) {
      await creditLearner(fleet.amqpUrl, buyer.email, 5 * PER_LEARNER);
      await waitForGems(gateway, buyer.email, buyer.token, 5 * PER_LEARNER);
    }
    const redemption = await measure(watched, db, n, (i) => post(`${gateway}/redemptions`, buyers[Math.floor(i / PER_LEARNER)]!.token, { giftId: 'stickers', address }), [201]);

    const sum = (figures: Record<string, number>) => Math.round(Object.values(figures).reduce((total, ms) => total + ms, 0) * 10) / 10;
    return {
      title: `CPU per request, by process (N=${n} each, one at a time through a private gateway)`,
      figures: [
        ...Object.entries(lessons.cpu).map(([name, ms]) => ({ name: `lesson list: ${name}`, value: ms, unit: 'ms CPU' })),
        { name: 'lesson list: all processes', value: sum(lessons.cpu), unit: 'ms CPU' },
        ...Object.entries(standings.cpu).map(([name, ms]) => ({ name: `standings: ${name}`, value: ms, unit: 'ms CPU' })),
        { name: 'standings: all processes', value: sum(standings.cpu), unit: 'ms CPU' },
        ...Object.entries(quiz.cpu).map(([name, ms]) => ({ name: `quiz submission: ${name}`, value: ms, unit: 'ms CPU' })),
        { name: 'quiz submission: all processes', value: sum(quiz.cpu), unit: 'ms CPU' },
        ...Object.entries(redemption.cpu).map(([name, ms]) => ({ name: `redemption: ${name}`, value: ms, unit: 'ms CPU' })),
        { name: 'redemption: all processes', value: sum(redemption.cpu), unit: 'ms CPU' },
      ],
      notes: [
        `FerretDB commands per request (every client's, from its serverStatus): lesson list ${describeCommands(lessons.commands)}; standings ${describeCommands(standings.commands)}; quiz submission ${describeCommands(quiz.commands)}; redemption ${describeCommands(redemption.commands)}`,
        `processes: ${Object.entries(watched).map(([name, { pids = [], groups = [] }]) => `${name} ${[...pids, ...groups.map((g) => `group ${g}`)].join('+')}`).join(', ')}`,
        'user + system time from /proc per process (FerretDB, RabbitMQ and Redis: their whole process group), over the measured requests, divided by their number; a warm-up of 20 is not counted',
        `capacity on one core, at 100 % and nothing else running: about ${Math.floor(1000 / sum(quiz.cpu))} quiz submissions or ${Math.floor(1000 / sum(redemption.cpu))} redemptions a second`,
      ],
    };
  } finally {
    await bus.close();
    await db.close();
    await fleet.stop();
  }
}
