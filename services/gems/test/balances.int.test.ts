import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { connectMongo, createOutbox, LOCAL_DATABASE_OPTIONS, type Outbox } from '@kidslearn/lib-mongo';
import type { Model } from 'mongoose';
import { uniqueDbUrl, watchedConnection } from '@kidslearn/lib-testkit';
import { balanceRepository, KEPT_EVENT_IDS, type BalanceDoc, type BalanceRepository } from '../src/data-access/balances';
import { learnerDataRepository } from '../src/data-access/learner-data';
import { lessonBestId } from '../src/data-access/lesson-bests';
import { ledgerTotal } from '../src/domain/ledger';
import { creditAttempt } from '../src/use-cases/credit-attempt';
import { debitRedemption } from '../src/use-cases/debit-redemption';

let db: Connection;
let balances: BalanceRepository;
const logger = createLogger('test', 'silent');
/** An outbox whose events are published nowhere (the tests read the documents). */
const quietOutbox = (model: Model<BalanceDoc>): Outbox<BalanceDoc> => createOutbox({ model, logger, bus: { publish: async () => undefined } });

beforeAll(async () => {
  db = await connectMongo(uniqueDbUrl('gems-balances'), logger);
  balances = balanceRepository(db, quietOutbox);
  await balances.init();
});
afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await db.close();
});

const credit = (email: string, lessonId: string, eventId = randomUUID()) =>
  creditAttempt(balances, eventId, { attemptId: randomUUID(), lessonId, email, reward: 2 });

describe('balance documents stay small', () => {
  it('when more events than are kept arrive, then the balance keeps only the latest ids, the ledger collection one line each, and they reconcile', async () => {
    const email = `small-${randomUUID().slice(0, 8)}@kidslearn.test`;
    const first = randomUUID();
    await credit(email, 'lesson-0', first);
    for (let i = 1; i < KEPT_EVENT_IDS + 5; i += 1) await credit(email, `lesson-${i}`);
    const doc = await balances.model.findById(email).lean().exec();
    expect(doc?.processedEventIds).toHaveLength(KEPT_EVENT_IDS);

    // An evicted event delivered again pays nothing: its lesson already paid its best reward.
    expect(await credit(email, 'lesson-0', first)).toEqual({ applied: true, amount: 0, balance: 2 * (KEPT_EVENT_IDS + 5) });
    const ledger = await balances.ledgerOf(email);
    expect(ledger.entries).toHaveLength(KEPT_EVENT_IDS + 5);
    expect(ledger.gems).toBe(2 * (KEPT_EVENT_IDS + 5));
    expect(ledgerTotal(ledger.entries)).toBe(ledger.gems);
    expect(await balances.ledgerModel.countDocuments({ email })).toBe(KEPT_EVENT_IDS + 5);
  });

  it('when a redemption is requested again under a new event id, then it is recognised from the ledger collection', async () => {
    const email = `redeem-${randomUUID().slice(0, 8)}@kidslearn.test`;
    await credit(email, 'lesson-r');
    const redemptionId = randomUUID();
    expect(await debitRedemption(balances, randomUUID(), { redemptionId, email, cost: 1 })).toEqual({ outcome: 'debited', balance: 1 });
    expect(await debitRedemption(balances, randomUUID(), { redemptionId, email, cost: 1 })).toEqual({ outcome: 'duplicate' });
    const ledger = await balances.ledgerOf(email);
    expect(ledger.entries.map((e) => e.amount)).toEqual([2, -1]);
    expect(ledger.gems).toBe(1);
  });
});

describe('lesson bests', () => {
  const restartedRepository = () => balanceRepository(db, quietOutbox);
  const creditOf = (repository: BalanceRepository, email: string, lessonId: string, reward: number) =>
    creditAttempt(repository, randomUUID(), { attemptId: randomUUID(), lessonId, email, reward });
  const bestsOf = async (email: string) =>
    Object.fromEntries((await balances.lessonBestModel.find({ email }).lean().exec()).map((doc) => [doc.lessonId, doc.best]));

  it('when a learner does many lessons, then the balance document does not grow with them: each best has its own document', async () => {
    const email = `bests-${randomUUID().slice(0, 8)}@kidslearn.test`;
    for (let i = 0; i < 5; i += 1) await creditOf(balances, email, `lesson-${i}`, 2);
    // The last credit's best is pending in the balance until the next change copies it (or its copy lands).
    await creditOf(balances, email, 'lesson-0', 1);
    const doc = await balances.model.findById(email).lean().exec();
    expect(await bestsOf(email)).toEqual({ 'lesson-0': 2, 'lesson-1': 2, 'lesson-2': 2, 'lesson-3': 2, 'lesson-4': 2 });
    expect(doc?.gems).toBe(10);
  });

  it('when the copy of a best never landed (a crash after the balance write), then the pending best still counts and is copied by the next change', async () => {
    const email = `pending-${randomUUID().slice(0, 8)}@kidslearn.test`;
    expect(await creditOf(balances, email, 'lesson-p', 1)).toEqual({ applied: true, amount: 1, balance: 1 });
    await balances.lessonBestModel.deleteMany({ email }).exec();
    const restarted = balanceRepository(db, quietOutbox); // a new process: nothing copied yet, no copy of the balance

    expect(await creditOf(restarted, email, 'lesson-p', 2)).toEqual({ applied: true, amount: 1, balance: 2 });
    expect(await creditOf(restarted, email, 'lesson-q', 2)).toEqual({ applied: true, amount: 2, balance: 4 });
    expect((await bestsOf(email))['lesson-p']).toBe(2);
    expect(await creditOf(restarted, email, 'lesson-p', 2)).toEqual({ applied: true, amount: 0, balance: 4 });
  });

  it('when a learner was erased and comes back, then the same best earned again is copied again (the process does not take it as written)', async () => {
    const email = `again-${randomUUID().slice(0, 8)}@kidslearn.test`;
    await creditOf(balances, email, 'lesson-e', 2);
    await creditOf(balances, email, 'lesson-f', 1); // lesson-e's best is copied before this change
    expect((await bestsOf(email))['lesson-e']).toBe(2);
    await learnerDataRepository(balances).erase(email);

    expect(await creditOf(balances, email, 'lesson-e', 2)).toEqual({ applied: true, amount: 2, balance: 2 });
    await creditOf(balances, email, 'lesson-f', 1);
    await creditOf(balances, email, 'lesson-g', 1); // a third change: lesson-e's best is no longer pending anywhere
    expect((await bestsOf(email))['lesson-e']).toBe(2);
    expect(await creditOf(restartedRepository(), email, 'lesson-e', 2)).toEqual({ applied: true, amount: 0, balance: 4 });
  });

  it('when credits raise a best, then it names their events: a credit that raises nothing reads no ledger line, and a raising one delivered again long after is recognised', async () => {
    const email = `raisers-${randomUUID().slice(0, 8)}@kidslearn.test`;
    const raising = [randomUUID(), randomUUID()];
    const attemptId = randomUUID();
    expect(await creditAttempt(balances, raising[0]!, { attemptId: randomUUID(), lessonId: 'lesson-r', email, reward: 1 })).toEqual({ applied: true, amount: 1, balance: 1 });
    expect(await creditAttempt(balances, raising[1]!, { attemptId, lessonId: 'lesson-r', email, reward: 3 })).toEqual({ applied: true, amount: 2, balance: 3 });
    for (let i = 0; i < KEPT_EVENT_IDS; i += 1) await creditOf(balances, email, `lesson-${i}`, 1);
    expect((await balances.lessonBestModel.findById(lessonBestId(email, 'lesson-r')).lean().exec())?.raisedBy).toEqual(raising);

    // From this process's copy, and in a new process from the best's record: no line to look for.
    const restarted = balanceRepository(db, quietOutbox);
    const lineReads = jest.spyOn(balances.ledgerModel, 'findById');
    try {
      expect(await creditOf(balances, email, 'lesson-r', 2)).toEqual({ applied: true, amount: 0, balance: 23 });
      expect(await creditOf(restarted, email, 'lesson-r', 3)).toEqual({ applied: true, amount: 0, balance: 23 });
      expect(lineReads).not.toHaveBeenCalled();
    } finally {
      lineReads.mockRestore();
    }
    // The raising event again, its id long gone from processedEventIds: found by its line, nothing paid twice.
    expect(await creditAttempt(restarted, raising[1]!, { attemptId, lessonId: 'lesson-r', email, reward: 3 })).toEqual({ applied: false });
    expect((await balances.model.findById(email).lean().exec())?.gems).toBe(23);
  });
});

describe("the process's copy of a balance", () => {
  it('when another writer raised a lesson best the copy knew, then the credit is decided again from the database', async () => {
    const email = `known-best-${randomUUID().slice(0, 8)}@kidslearn.test`;
    await creditAttempt(balances, randomUUID(), { attemptId: randomUUID(), lessonId: 'lesson-a', email, reward: 1 });
    await creditAttempt(balances, randomUUID(), { attemptId: randomUUID(), lessonId: 'lesson-b', email, reward: 1 }); // the copy knows lesson-a: 1
    const other = balanceRepository(db, quietOutbox); // another instance pays lesson-a up to 3
    expect(await creditAttempt(other, randomUUID(), { attemptId: randomUUID(), lessonId: 'lesson-a', email, reward: 3 })).toEqual({ applied: true, amount: 2, balance: 4 });

    expect(await creditAttempt(balances, randomUUID(), { attemptId: randomUUID(), lessonId: 'lesson-a', email, reward: 3 })).toEqual({ applied: true, amount: 0, balance: 4 });
    expect((await balances.model.findById(email).lean().exec())?.gems).toBe(4);
  });

  it('when another writer changed the balance since this process last wrote it, then the change is decided again from the database', async () => {
    const email = `copy-${randomUUID().slice(0, 8)}@kidslearn.test`;
    await credit(email, 'lesson-a'); // 2 gems; this process now holds a copy at version 1
    expect(await balances.findOrCreate(email)).toMatchObject({ gems: 2, version: 1 });
    // Another instance spends them.
    await balances.model.updateOne({ _id: email }, { $set: { gems: 0, version: 2 } }).exec();

    // The stale copy's write is refused by the version guard; the decision is made again from the database.
    expect(await debitRedemption(balances, randomUUID(), { redemptionId: randomUUID(), email, cost: 2 })).toEqual({ outcome: 'rejected', balance: 0 });
    expect(await credit(email, 'lesson-b')).toEqual({ applied: true, amount: 2, balance: 2 });
    expect((await balances.model.findById(email).lean().exec())?.gems).toBe(2);
  });

  it('when copies are turned off, then every change reads the database', async () => {
    const uncached = balanceRepository(db, quietOutbox, { recentCopies: 0 });
    const email = `nocopy-${randomUUID().slice(0, 8)}@kidslearn.test`;
    await creditAttempt(uncached, randomUUID(), { attemptId: randomUUID(), lessonId: 'lesson-a', email, reward: 2 });
    await balances.model.updateOne({ _id: email }, { $set: { gems: 7, version: 9 } }).exec();
    expect(await uncached.findOrCreate(email)).toMatchObject({ gems: 7, version: 9 });
  });
});

describe("one learner's changes in a row", () => {
  it("when a change follows one whose ledger line is not copied yet, then that copy is written beside the change's own read, not before it", async () => {
    const url = uniqueDbUrl('gems-in-a-row');
    const { db: monitored, moments, forget } = await watchedConnection(url, LOCAL_DATABASE_OPTIONS);
    try {
      const repo = balanceRepository(monitored, quietOutbox);
      await repo.init();
      const email = `row-${randomUUID().slice(0, 8)}@kidslearn.test`;
      await creditAttempt(repo, randomUUID(), { attemptId: randomUUID(), lessonId: 'lesson-a', email, reward: 2 });
      // At once: the credit's line still waits for its batch (batched-copies.ts), pending in the balance.
      forget();
      expect(await debitRedemption(repo, randomUUID(), { redemptionId: randomUUID(), email, cost: 1 })).toEqual({ outcome: 'debited', balance: 1 });
      const at = (name: string, moment: 'sent' | 'answered') => moments.findIndex((m) => m.collection === 'ledger' && m.name === name && m.moment === moment);
      // The copy (an insert) and the debit's read of its line by key (a find) are both on their way at the same time.
      expect(at('insert', 'sent')).toBeGreaterThanOrEqual(0);
      expect(at('find', 'sent')).toBeGreaterThanOrEqual(0);
      expect(at('find', 'sent')).toBeLessThan(at('insert', 'answered'));
      expect(at('insert', 'sent')).toBeLessThan(at('find', 'answered'));
      // The balance is written only once the copy landed: its pending line can then be replaced.
      const update = moments.findIndex((m) => m.collection === 'balances' && m.name === 'update' && m.moment === 'sent');
      expect(update).toBeGreaterThan(at('insert', 'answered'));
      const ledger = await repo.ledgerOf(email);
      expect(ledger.gems).toBe(1);
      expect(ledgerTotal(ledger.entries)).toBe(1);
    } finally {
      await monitored.dropDatabase().catch(() => undefined);
      await monitored.close();
    }
  });
});

describe('deliveries handled side by side', () => {
  it("when several learners' credits and then debits are handled at once, then each kind of read is one query for all of them", async () => {
    const url = uniqueDbUrl('gems-side-by-side');
    const setup = await connectMongo(url, logger);
    const { db: monitored, sent, forget } = await watchedConnection(url, LOCAL_DATABASE_OPTIONS);
    try {
      const learners = Array.from({ length: 5 }, (_, i) => `side-${i}-${randomUUID().slice(0, 8)}@kidslearn.test`);
      const prepared = balanceRepository(setup, quietOutbox);
      await prepared.init();
      for (const email of learners) await creditAttempt(prepared, randomUUID(), { attemptId: randomUUID(), lessonId: 'lesson-a', email, reward: 2 });

      // No copies kept: every change reads its balance, as an instance that did not make the last change does.
      const side = balanceRepository(monitored, quietOutbox, { recentCopies: 0 });
      const finds = () => sent.filter((command) => command.name === 'find').map((command) => command.collection).sort();
      forget();
      const credited = await Promise.all(learners.map((email) => creditAttempt(side, randomUUID(), { attemptId: randomUUID(), lessonId: 'lesson-b', email, reward: 2 })));
      expect(credited).toEqual(learners.map(() => ({ applied: true, amount: 2, balance: 4 })));
      expect(finds()).toEqual(['balances', 'lessonBests']);

      forget();
      const debited = await Promise.all(learners.map((email) => debitRedemption(side, randomUUID(), { redemptionId: randomUUID(), email, cost: 3 })));
      expect(debited).toEqual(learners.map(() => ({ outcome: 'debited', balance: 1 })));
      expect(finds()).toEqual(['balances', 'ledger']);
    } finally {
      await setup.dropDatabase().catch(() => undefined);
      await setup.close();
      await monitored.close();
    }
  });
});
