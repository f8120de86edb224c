import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { connectMongo, LOCAL_DATABASE_OPTIONS } from '@kidslearn/lib-mongo';
import { uniqueDbUrl, watchedConnection } from '@kidslearn/lib-testkit';
import { bestRepository, type BestRepository } from '../src/data-access/bests';

// The best result per (lesson, learner), kept on the local database as the service runs it (writes serialised).
let db: Connection;
let bests: BestRepository;

beforeAll(async () => {
  db = await connectMongo(uniqueDbUrl('quiz-bests'), createLogger('bests-test', 'silent'));
  bests = bestRepository(db, { rowKey: randomBytes(32) });
  await bests.model.init();
});
afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await db.close();
});

const result = (lessonId: string, email: string, score: number, attemptId: string = randomUUID()) => ({
  lessonId,
  email,
  name: 'Best Learner',
  score,
  total: 5,
  attemptId,
  achievedAt: new Date(),
});

it('when results come one after another, then only a better one replaces the best (a tie keeps the first)', async () => {
  const [lessonId, email] = [`lesson-${randomUUID().slice(0, 8)}`, `best-${randomUUID().slice(0, 8)}@kidslearn.test`];
  expect(await bests.record(result(lessonId, email, 3, 'first'))).toBe(true);
  expect(await bests.record(result(lessonId, email, 2))).toBe(false);
  expect(await bests.record(result(lessonId, email, 3, 'tie'))).toBe(false);
  expect((await bests.standings(lessonId))[0]).toMatchObject({ score: 3 });
  expect((await bests.model.findOne({ lessonId, email }).lean().exec())?.attemptId).toBe('first');
  expect(await bests.record(result(lessonId, email, 5, 'better'))).toBe(true);
  expect((await bests.model.findOne({ lessonId, email }).lean().exec())).toMatchObject({ score: 5, attemptId: 'better' });
});

it('when results of one learner race, then one best is kept and it is the highest', async () => {
  const [lessonId, email] = [`lesson-${randomUUID().slice(0, 8)}`, `race-${randomUUID().slice(0, 8)}@kidslearn.test`];
  const scores = [1, 4, 2, 5, 3, 0, 5, 2];
  const changed = await Promise.all(scores.map((score) => bests.record(result(lessonId, email, score))));
  expect(changed.filter(Boolean).length).toBeGreaterThanOrEqual(1);
  const stored = await bests.model.find({ lessonId }).lean().exec();
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ email, score: 5 });
});

it('when a first best, a better one and one that is not better are recorded, then each costs the database one command', async () => {
  const { db: monitored, sent, forget } = await watchedConnection(uniqueDbUrl('quiz-bests-commands'), LOCAL_DATABASE_OPTIONS);
  try {
    const counted = bestRepository(monitored, { rowKey: randomBytes(32) });
    await counted.model.init();
    forget();
    const [lessonId, email] = [`lesson-${randomUUID().slice(0, 8)}`, `count-${randomUUID().slice(0, 8)}@kidslearn.test`];
    const recorded = [];
    for (const score of [3, 5, 4, 5]) recorded.push(await counted.record(result(lessonId, email, score)));
    expect(recorded).toEqual([true, true, false, false]);
    expect(sent.filter((command) => command.collection === 'bests').map((command) => command.name)).toEqual(['update', 'update', 'update', 'update']);
    expect(await counted.model.find({ lessonId }).lean().exec()).toEqual([expect.objectContaining({ email, lessonId, score: 5 })]);
  } finally {
    await monitored.dropDatabase().catch(() => undefined);
    await monitored.close();
  }
});
