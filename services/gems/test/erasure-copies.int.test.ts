// A balance change copies its ledger line and lesson best after it is written, so a consumer does not read the
// tombstones again once it changed a balance that was there (lib-mongo CREATED_NOTHING). The copies are checked
// instead: two instances on one database, one erasing the learner while the other's copy is on its way.
import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import { createEvent } from '@kidslearn/contracts';
import { createLogger } from '@kidslearn/lib-core';
import { connectMongo, createOutbox, type Outbox } from '@kidslearn/lib-mongo';
import { createFamilyLinks } from '@kidslearn/lib-service';
import { eventually, uniqueDbUrl } from '@kidslearn/lib-testkit';
import type { BalanceDoc } from '../src/data-access/balances';
import { gemsHandlers } from '../src/entry-points/messaging/handlers';
import { createLearnerStores } from '../src/learner-stores';

const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
const url = uniqueDbUrl('gems-erasure-copies');
/** An outbox whose events are published nowhere (the test reads the documents). */
const quietOutbox = (model: Model<BalanceDoc>): Outbox<BalanceDoc> => createOutbox({ model, logger, bus: { publish: async () => undefined } });
const connections: Connection[] = [];

/** One gems instance's stores and consumers, on a connection of its own. */
async function instance() {
  const db = await connectMongo(url, logger);
  connections.push(db);
  const stores = await createLearnerStores({ db, outboxOf: quietOutbox, logger });
  const familyLinks = createFamilyLinks(db);
  await familyLinks.init();
  return { ...stores, handlers: gemsHandlers({ ...stores, familyLinks }) };
}

afterAll(async () => {
  await connections[0]?.dropDatabase().catch(() => undefined);
  await Promise.all(connections.map((db) => db.close()));
});

const firstDelivery = { attempt: 1, redelivered: false };
const scored = (email: string, lessonId: string) => createEvent('quiz.attempt.scored', { attemptId: randomUUID(), lessonId, email, userId: 'test', name: 'Test', score: 2, total: 2, reward: 2 });

it('when one instance erases a learner while the other copies a change it made, then the copy landing after the erasure is erased again; the change itself asked no tombstone question once written', async () => {
  const [writer, eraser] = [await instance(), await instance()];
  const email = `copies-${randomUUID().slice(0, 8)}@kidslearn.test`;
  const ledgerLines = () => writer.balances.ledgerModel.countDocuments({ email });
  const bests = () => writer.balances.lessonBestModel.countDocuments({ email });

  // The first credit creates the balance: checked once written, as before.
  const checksOnceWritten = jest.spyOn(writer.erasures, 'refuses');
  await writer.handlers['quiz.attempt.scored']!(scored(email, 'lesson-1'), firstDelivery);
  expect(checksOnceWritten).toHaveBeenCalledTimes(1);
  await eventually(async () => (await ledgerLines()) === 1);

  // The second changes the balance that is there: no tombstone read. Its line's copy waits at the gate.
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const insertMany = writer.balances.ledgerModel.collection.insertMany.bind(writer.balances.ledgerModel.collection);
  const held = jest.spyOn(writer.balances.ledgerModel.collection, 'insertMany').mockImplementation(async (...args) => {
    await gate;
    return insertMany(...args);
  });
  await writer.handlers['quiz.attempt.scored']!(scored(email, 'lesson-2'), firstDelivery);
  expect(checksOnceWritten).toHaveBeenCalledTimes(1);
  await eventually(() => held.mock.calls.length > 0);

  // The other instance erases the learner: its deletes run before the held copy lands.
  await eraser.handlers['learner.erased']!(createEvent('learner.erased', { email, erasureId: randomUUID() }), firstDelivery);
  expect(await writer.balances.model.countDocuments({ _id: email })).toBe(0);
  const copyChecks = jest.spyOn(writer.erasures, 'refusesAfterWrite');
  open();

  // The copy lands, is checked, and the learner is erased again: nothing about them is left.
  await eventually(() => copyChecks.mock.calls.some(([who]) => who === email));
  await eventually(async () => (await ledgerLines()) === 0 && (await bests()) === 0);
  expect(await writer.balances.model.countDocuments({ _id: email })).toBe(0);
  held.mockRestore();
  checksOnceWritten.mockRestore();
  copyChecks.mockRestore();
});
