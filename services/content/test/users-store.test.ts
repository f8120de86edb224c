import type { Models } from '../src/data-access/models';
import { createUsersStore } from '../src/data-access/users-store';

type Filter = Record<string, unknown>;

/** A users collection of one learner that records the filters of its writes. */
function fakeUsers() {
  const record = { _id: 'u1', email: 'kid@x.test', name: 'Kid', role: 'user', gems: 0, gemsVersion: 1, img: '' };
  const writes: Filter[] = [];
  const User = {
    find: () => ({ lean: async () => [record] }),
    updateOne: async (filter: Filter, update: { $set: { gems: number; gemsVersion: number } }) => {
      writes.push(filter);
      const sameRecord = (filter._id === undefined || filter._id === record._id) && filter.email === record.email;
      const newer = (filter.gemsVersion as { $lt: number }).$lt > record.gemsVersion;
      if (!sameRecord || !newer) return filter._id ? { matchedCount: 0, modifiedCount: 0 } : Promise.reject(Object.assign(new Error('dup'), { code: 11000 }));
      Object.assign(record, update.$set);
      return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null };
    },
  };
  return { models: { User } as unknown as Models, record, writes };
}

/** A store whose directory has loaded (as after the warm-up at service start). */
async function warmedStore(models: Models) {
  const users = createUsersStore(models);
  users.warmDirectory();
  await new Promise((resolve) => setImmediate(resolve));
  return users;
}

describe('users store: gems mirror', () => {
  it('when the directory knows the learner, then the balance is written by record id (the local database looks that up without a scan)', async () => {
    const { models, record, writes } = fakeUsers();
    const users = await warmedStore(models);

    expect(await users.applyGemsBalance('kid@x.test', 5, 2)).toBe(true);
    expect(writes).toEqual([{ _id: 'u1', email: 'kid@x.test', gemsVersion: { $lt: 2 } }]);
    expect(record).toMatchObject({ gems: 5, gemsVersion: 2 });
  });

  it('when the event is stale, then nothing changes (the write by email settles it as before)', async () => {
    const { models, record, writes } = fakeUsers();
    const users = await warmedStore(models);

    expect(await users.applyGemsBalance('kid@x.test', 9, 1)).toBe(false);
    expect(writes.map((filter) => filter._id)).toEqual(['u1', undefined]);
    expect(record).toMatchObject({ gems: 0, gemsVersion: 1 });
  });

  it('before the directory is loaded, then the balance is written by email', async () => {
    const { models, record, writes } = fakeUsers();
    const users = createUsersStore(models);

    expect(await users.applyGemsBalance('kid@x.test', 3, 2)).toBe(true);
    expect(writes).toEqual([{ email: 'kid@x.test', gemsVersion: { $lt: 2 } }]);
    expect(record.gems).toBe(3);
  });
});
