import type { Connection } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { createEvent } from '@kidslearn/lib-events';
import type { Model } from 'mongoose';
import { eventually, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { connectMongo, createErasureLog, createOutbox, CREATED_NOTHING, erasedCallerGuard, eraseAgainAfterCopies, erasureKey, writeUnlessErased, type ErasureDoc } from '../src';
import { closedBus } from './broker';

const logger = createLogger('erasures-test', process.env.TEST_LOG_LEVEL ?? 'silent');
let conn: Connection;

beforeAll(async () => {
  conn = await connectMongo(uniqueDbUrl('lib-mongo-erasures'), logger);
});
afterAll(async () => {
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
});

const at = (iso: string) => new Date(iso);

describe('erasure tombstones (real database)', () => {
  it('when a learner is erased twice, then one tombstone keyed by a hash (no email) keeps the later time and the outbox holds the event', async () => {
    // The writer's broker connection is gone: the event stays in the tombstone's outbox.
    const bus = await closedBus();
    const log = createErasureLog(conn, { outboxOf: (model: Model<ErasureDoc>) => createOutbox({ model, logger, bus }) });
    const email = 'Tomb.Stone@KidsLearn.test';
    const event = createEvent('learner.erased', { email: email.toLowerCase(), erasureId: 'e-1' });
    await log.record(email, at('2030-01-02T00:00:00Z'), [event]);
    await log.record(email.toLowerCase(), at('2030-01-01T00:00:00Z'));
    const docs = await log.model.find({}).lean().exec();
    expect(docs).toHaveLength(1);
    expect(docs[0]!._id).toBe(erasureKey('tomb.stone@kidslearn.test'));
    expect(docs[0]!.erasedAt.toISOString()).toBe('2030-01-02T00:00:00.000Z');
    expect(docs[0]!.outbox.map((e) => e.id)).toEqual([event.id]);
    expect(JSON.stringify({ ...docs[0], outbox: [] })).not.toContain('tomb.stone');
  });

  it('when something originated before the erasure (plus grace), then it is refused; after it, it is not; an unreadable time is refused', async () => {
    const log = createErasureLog(conn);
    await log.record('late@kidslearn.test', at('2030-02-01T00:00:00Z'));
    expect(await log.refuses('late@kidslearn.test', '2030-01-31T23:59:59Z')).toBe(true);
    expect(await log.refuses('late@kidslearn.test', '2030-02-01T00:00:01Z')).toBe(false);
    expect(await log.refuses('late@kidslearn.test', '2030-02-01T00:00:01Z', 60_000)).toBe(true);
    expect(await log.refuses('late@kidslearn.test', 'not a time')).toBe(true);
    expect(await log.refuses('never-erased@kidslearn.test', 0)).toBe(false);
  });

  it('when another process starts, then its copy knows the tombstones only after load (or a database read)', async () => {
    await createErasureLog(conn).record('copy@kidslearn.test', at('2030-03-01T00:00:00Z'));
    const other = createErasureLog(conn);
    expect(other.knownToRefuse('copy@kidslearn.test', at('2030-02-01T00:00:00Z'))).toBe(false);
    await other.load();
    expect(other.knownToRefuse('copy@kidslearn.test', at('2030-02-01T00:00:00Z'))).toBe(true);
  });

  it('when a late write comes for an erased learner, then it is dropped before writing; when the erasure lands during the write, it is erased again after', async () => {
    const log = createErasureLog(conn);
    await log.record('dropped@kidslearn.test', at('2030-04-01T00:00:00Z'));
    const write = jest.fn(async () => undefined);
    const eraseAgain = jest.fn(async () => undefined);
    expect(await writeUnlessErased(log, { email: 'dropped@kidslearn.test', originatedAt: '2030-03-31T00:00:00Z' }, write, eraseAgain)).toBe(false);
    expect(write).not.toHaveBeenCalled();

    // Another instance erases while this one writes: this process's copy did not know it.
    const other = createErasureLog(conn);
    const racing = writeUnlessErased(
      log,
      { email: 'racing@kidslearn.test', originatedAt: '2030-04-30T23:59:00Z' },
      () => other.record('racing@kidslearn.test', at('2030-05-01T00:00:00Z')),
      eraseAgain,
    );
    expect(await racing).toBe(false);
    expect(eraseAgain).toHaveBeenCalledWith('racing@kidslearn.test');

    const fresh = jest.fn(async () => undefined);
    expect(await writeUnlessErased(log, { email: 'fresh@kidslearn.test', originatedAt: new Date() }, fresh, eraseAgain)).toBe(true);
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('when a write created nothing (it changed an existing record), then it is not checked again once written; one that may have, is', async () => {
    const log = createErasureLog(conn);
    const eraseAgain = jest.fn(async () => undefined);
    const reads = jest.spyOn(log.model, 'find');
    const other = createErasureLog(conn);
    const about = { email: 'changed@kidslearn.test', originatedAt: '2030-08-31T23:59:00Z' };

    // The erasure lands while the write runs: a record the write only changed is deleted by that erasure anyway.
    const changedOnly = writeUnlessErased(log, about, async () => (await other.record(about.email, at('2030-09-01T00:00:00Z')), CREATED_NOTHING), eraseAgain);
    expect(await changedOnly).toBe(true);
    expect(reads).not.toHaveBeenCalled();
    expect(eraseAgain).not.toHaveBeenCalled();

    // The same race with a write that may have created a record: read again, and erased again.
    const racing = { email: 'created@kidslearn.test', originatedAt: '2030-08-31T23:59:00Z' };
    expect(await writeUnlessErased(log, racing, () => other.record(racing.email, at('2030-09-01T00:00:00Z')), eraseAgain)).toBe(false);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(eraseAgain).toHaveBeenCalledWith(racing.email);
    reads.mockRestore();
  });

  it('when a token from before the erasure calls, then the guard answers 401; a newer token passes, and a write that raced the erasure is erased again once answered', async () => {
    const log = createErasureLog(conn);
    await log.record('guarded@kidslearn.test', at('2030-06-01T00:00:00Z'));
    const eraseAgain = jest.fn(async () => undefined);
    const guard = erasedCallerGuard({ erasures: log, message: 'gone', eraseAgain, onError: () => undefined });
    const finish: Array<() => void> = [];
    const res = { statusCode: 201, on: (_event: 'finish', listener: () => void) => finish.push(listener) };
    const pass = (req: Parameters<typeof guard>[0]) => new Promise<unknown>((resolve) => guard(req, res, resolve));

    expect(await pass({ method: 'POST', auth: { email: 'guarded@kidslearn.test', isAdmin: false, issuedAtMs: Date.parse('2030-05-31T23:58:00Z') } })).toMatchObject({ status: 401, message: 'gone' });
    expect(await pass({ method: 'POST', auth: { email: 'guarded@kidslearn.test', isAdmin: false, issuedAtMs: Date.parse('2030-06-01T00:01:00Z') } })).toBeUndefined();

    // The erasure lands (recorded by another instance) while a request with an older token runs.
    finish.length = 0;
    const racing = { method: 'POST', auth: { email: 'raced@kidslearn.test', isAdmin: false, issuedAtMs: Date.parse('2030-06-30T00:00:00Z') } };
    expect(await pass(racing)).toBeUndefined();
    await createErasureLog(conn).record('raced@kidslearn.test', at('2030-07-01T00:00:00Z'));
    finish.forEach((listener) => listener());
    await eventually(() => eraseAgain.mock.calls.length > 0);
    expect(eraseAgain).toHaveBeenCalledWith('raced@kidslearn.test');
    expect(eraseAgain).toHaveBeenCalledTimes(1);
  });

  it('when another instance recorded the erasure (this copy knows nothing of it), then a write with an older token is still refused: 401', async () => {
    const log = createErasureLog(conn);
    await log.load();
    await createErasureLog(conn).record('elsewhere@kidslearn.test', at('2030-08-01T00:00:00Z'));
    expect(log.knownToRefuse('elsewhere@kidslearn.test', at('2030-07-31T00:00:00Z'))).toBe(false);
    const guard = erasedCallerGuard({ erasures: log, message: 'gone', eraseAgain: async () => undefined, onError: () => undefined });
    const res = { statusCode: 201, on: () => undefined };
    const refused = await new Promise((resolve) => guard({ method: 'POST', auth: { email: 'elsewhere@kidslearn.test', isAdmin: false, issuedAtMs: Date.parse('2030-07-31T00:00:00Z') } }, res, resolve));
    expect(refused).toMatchObject({ status: 401, message: 'gone' });
  });

  it('when many writes are checked once done, then one read of the tombstones answers them all, each with its own answer; a check made alone still reads the database', async () => {
    const log = createErasureLog(conn);
    await createErasureLog(conn).record('batch-erased@kidslearn.test', at('2030-09-01T00:00:00Z'));
    const reads = jest.spyOn(log.model, 'find');
    const emails = Array.from({ length: 20 }, (_, i) => (i === 7 ? 'batch-erased@kidslearn.test' : `batch-${i}@kidslearn.test`));
    const answers = await Promise.all(emails.map((email) => log.refusesAfterWrite(email, at('2030-08-31T00:00:00Z'))));
    expect(answers.map((refused, i) => (refused ? i : -1)).filter((i) => i >= 0)).toEqual([7]);
    expect(reads).toHaveBeenCalledTimes(1);
    // The copy learnt the tombstone from that read.
    expect(log.knownToRefuse('batch-erased@kidslearn.test', at('2030-08-31T00:00:00Z'))).toBe(true);

    await createErasureLog(conn).record('batch-later@kidslearn.test', at('2030-09-02T00:00:00Z'));
    expect(await log.refusesAfterWrite('batch-later@kidslearn.test', at('2030-09-01T00:00:00Z'))).toBe(true);
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });

  it('when questions are asked in separate ticks of one event-loop turn (requests parsed together), then one read answers them all', async () => {
    const log = createErasureLog(conn);
    await createErasureLog(conn).record('turn-erased@kidslearn.test', at('2030-10-01T00:00:00Z'));
    const reads = jest.spyOn(log.model, 'find');
    const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));
    const first = log.refuses('turn-1@kidslearn.test', at('2030-09-30T00:00:00Z'));
    await nextTick();
    await nextTick();
    const second = log.refuses('turn-erased@kidslearn.test', at('2030-09-30T00:00:00Z'));
    expect(await Promise.all([first, second])).toEqual([false, true]);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });

  it('when copies land, then their learners erased within the grace before are erased again (one read for the window); one erased long ago, or never, is not; a failed check is tried again', async () => {
    const log = createErasureLog(conn);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await log.record('copied-recent@kidslearn.test', minutesAgo(1));
    await log.record('copied-back@kidslearn.test', minutesAgo(60)); // erased an hour ago, and came back since
    const erasedAgain: string[] = [];
    const eraseAgain = jest.fn(async (email: string) => void erasedAgain.push(email));
    const errors: unknown[] = [];
    const reads = jest.spyOn(log.model, 'find');
    const checkCopies = eraseAgainAfterCopies({ erasures: log, eraseAgain, onError: (err) => errors.push(err), windowMs: 50 });

    checkCopies(['copied-recent@kidslearn.test', 'copied-back@kidslearn.test']);
    checkCopies(['copied-never@kidslearn.test']);
    await eventually(() => erasedAgain.length > 0);
    expect(erasedAgain).toEqual(['copied-recent@kidslearn.test']);
    expect(reads).toHaveBeenCalledTimes(1);

    // The database does not answer once: nothing is lost, the check is made again and erases.
    reads.mockImplementationOnce(() => {
      throw new Error('database down');
    });
    checkCopies(['copied-recent@kidslearn.test']);
    await eventually(() => erasedAgain.length > 1);
    expect(erasedAgain).toEqual(['copied-recent@kidslearn.test', 'copied-recent@kidslearn.test']);
    expect(errors).toHaveLength(1);
    expect(eraseAgain).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });
});
