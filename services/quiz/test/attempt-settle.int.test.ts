import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { createEvent } from '@kidslearn/contracts';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus } from '@kidslearn/lib-events';
import { createOutbox } from '@kidslearn/lib-mongo';
import { env, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { attemptRepository } from '../src/data-access/attempts';

jest.setTimeout(60_000);

// gems.credited outcomes are recorded on their attempts in groups: one bulk write for the outcomes that arrive
// together, and the first outcome of an attempt still wins over a late copy in the same group.
const logger = createLogger('settle-test', 'silent');
let db: mongoose.Connection;
let bus: EventBus;

beforeAll(async () => {
  db = await mongoose.createConnection(uniqueDbUrl('quiz-settle')).asPromise();
  // A closed bus: the attempts' events stay in their outboxes, which this test does not look at.
  bus = await EventBus.connect({ url: env().AMQP_URL, serviceName: `quiz-settle-test-${randomUUID().slice(0, 8)}`, logger, knownSubscriptions: {} });
  await bus.close();
});
afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await db.close();
});

async function attemptsOf(count: number) {
  const attempts = attemptRepository(db, (model) => createOutbox({ model, logger, bus }));
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const attemptId = randomUUID();
    const data = { attemptId, lessonId: 'lesson-1', email: `learner${i}@example.com`, userId: `sub-${i}`, name: 'Learner', score: 2, total: 2, reward: 2 };
    await attempts.create({ _id: attemptId, lessonId: 'lesson-1', email: data.email, userId: data.userId, name: 'Learner', answers: ['A', 'B'], score: 2, total: 2, reward: 2, createdAt: new Date() }, createEvent('quiz.attempt.scored', data));
    ids.push(attemptId);
  }
  return { attempts, ids };
}

describe('attempt outcomes recorded in groups', () => {
  it('when outcomes of several attempts arrive together, then one bulk write records each one', async () => {
    const { attempts, ids } = await attemptsOf(3);
    const bulkWrite = jest.spyOn(attempts.model, 'bulkWrite');
    const answered = await Promise.all(ids.map((id, i) => attempts.settle(id, 2, 10 + i)));
    expect(answered).toEqual([10, 11, 12]);
    expect(bulkWrite).toHaveBeenCalledTimes(1);
    expect((bulkWrite.mock.calls[0]![0] as unknown[]).length).toBe(3);
    for (const [i, id] of ids.entries()) expect(await attempts.settledGems(id)).toBe(10 + i);
    bulkWrite.mockRestore();
  });

  it('when a late copy of an outcome comes in the same group as the first, then the first stays and both are answered with it', async () => {
    const { attempts, ids } = await attemptsOf(2);
    const [first, other] = ids as [string, string];
    const answered = await Promise.all([attempts.settle(first, 2, 7), attempts.settle(first, 2, 99), attempts.settle(other, 1, 5)]);
    expect(answered).toEqual([7, 7, 5]);
    expect(await attempts.settledGems(first)).toBe(7);
    // And later, alone: still the first.
    expect(await attempts.settle(first, 2, 42)).toBe(7);
  });

  it('when the attempt does not exist, then nothing is recorded and null is answered', async () => {
    const { attempts } = await attemptsOf(0);
    expect(await attempts.settle(randomUUID(), 2, 3)).toBeNull();
  });
});
