import type { Outbox } from '@kidslearn/lib-mongo';
import type { Broadcast } from '@kidslearn/lib-redis';
import type { UserDoc } from '../src/data-access/models';
import { createUsersStore } from '../src/data-access/users-store';

type Filter = Record<string, unknown>;
type Record_ = { _id: string; email: string; name: string; role: string; gems: number; gemsVersion: number; img: string };

/** A users collection that records the filters of its writes (by id: updateOne; by email: findOneAndUpdate). */
function fakeUsers(records: Record_[] = [{ _id: 'u1', email: 'kid@x.test', name: 'Kid', role: 'user', gems: 0, gemsVersion: 1, img: '' }]) {
  const writes: Filter[] = [];
  const matches = (filter: Filter, record: Record_) =>
    (filter._id === undefined || filter._id === record._id) && filter.email === record.email && (filter.gemsVersion as { $lt: number }).$lt > record.gemsVersion;
  const User = {
    find: () => ({ lean: async () => records.map((r) => ({ ...r })) }),
    findById: (id: string) => ({ lean: async () => records.find((r) => r._id === id) ?? null }),
    updateOne: async (filter: Filter, update: { $set: Partial<Record_> }) => {
      writes.push(filter);
      const record = records.find((r) => matches(filter, r));
      if (!record) return { matchedCount: 0, modifiedCount: 0 };
      Object.assign(record, update.$set);
      return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null };
    },
    findOneAndUpdate: (filter: Filter, update: { $set: Partial<Record_> }) => ({
      lean: async () => {
        writes.push(filter);
        const record = records.find((r) => matches(filter, r));
        if (!record) throw Object.assign(new Error('dup'), { code: 11000 }); // the upsert meets the unique email
        return Object.assign(record, update.$set);
      },
    }),
  };
  return { outbox: { model: User } as unknown as Outbox<UserDoc>, records, writes };
}

/** Another instance's change feed: what it publishes, and a way to deliver messages to this one. */
function fakeChanges() {
  const published: string[] = [];
  let deliver: (message: string) => void = () => undefined;
  const changes: Broadcast = {
    publish: async (message) => void published.push(message),
    subscribe: async (onMessage) => void (deliver = onMessage),
    close: () => undefined,
  };
  return { changes, published, deliver: (message: string) => deliver(message) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A store whose directory has loaded (as after the start of the service). */
async function startedStore(outbox: Outbox<UserDoc>, changes?: Broadcast) {
  const users = createUsersStore(outbox, { changes });
  await users.startDirectory();
  await settle();
  return users;
}

describe('users store: gems mirror', () => {
  it('when the directory knows the learner, then the balance is written by record id (the local database looks that up without a scan)', async () => {
    const { outbox, records, writes } = fakeUsers();
    const users = await startedStore(outbox);

    expect(await users.applyGemsBalance('kid@x.test', 5, 2)).toBe('changed');
    expect(writes).toEqual([{ _id: 'u1', email: 'kid@x.test', gemsVersion: { $lt: 2 } }]);
    expect(records[0]).toMatchObject({ gems: 5, gemsVersion: 2 });
  });

  it('when the event is stale, then nothing changes (the write by email settles it as before)', async () => {
    const { outbox, records, writes } = fakeUsers();
    const users = await startedStore(outbox);

    expect(await users.applyGemsBalance('kid@x.test', 9, 1)).toBe('stale');
    expect(writes.map((filter) => filter._id)).toEqual(['u1', undefined]);
    expect(records[0]).toMatchObject({ gems: 0, gemsVersion: 1 });
  });

  it('before the directory is loaded, then the balance is written by email', async () => {
    const { outbox, records, writes } = fakeUsers();
    const users = createUsersStore(outbox);

    // An upsert by email: it may have made the record, so the caller checks for an erasure after it.
    expect(await users.applyGemsBalance('kid@x.test', 3, 2)).toBe('created');
    expect(writes).toEqual([{ email: 'kid@x.test', gemsVersion: { $lt: 2 } }]);
    expect(records[0]!.gems).toBe(3);
  });
});

describe('users store: the directory of several instances', () => {
  it('when this instance changes a record, then it tells the others which one (its id, never the email)', async () => {
    const { outbox } = fakeUsers();
    const { changes, published } = fakeChanges();
    const users = await startedStore(outbox, changes);

    await users.applyGemsBalance('kid@x.test', 4, 2);
    expect(published).toEqual(['u1']);
  });

  it('when another instance changed or removed a record, then this directory reads it again and its pages show the change', async () => {
    const { outbox, records } = fakeUsers([
      { _id: 'u1', email: 'kid@x.test', name: 'Kid', role: 'user', gems: 0, gemsVersion: 1, img: '' },
      { _id: 'u2', email: 'other@x.test', name: 'Other', role: 'user', gems: 0, gemsVersion: 1, img: '' },
    ]);
    const { changes, deliver } = fakeChanges();
    const users = await startedStore(outbox, changes);

    // The other instance wrote the database (here: the record itself) and announced the id.
    Object.assign(records[0]!, { gems: 7, role: 'admin' });
    records.splice(1, 1);
    deliver('u1');
    deliver('u2');
    await settle();

    expect((await users.page({ page: 1, limit: 10 })).items).toEqual([expect.objectContaining({ _id: 'u1', gems: 7, role: 'admin' })]);
    expect(await users.counts()).toEqual({ totalUsers: 1, totalAdmin: 1 });
  });
});
