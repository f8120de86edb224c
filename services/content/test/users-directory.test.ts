import { createUsersDirectory } from '../src/data-access/users-directory';
import type { UserView } from '../src/domain/user';

const user = (email: string, name = email.split('@')[0]!, role: UserView['role'] = 'user'): UserView => ({ _id: email, email, name, role, gems: 0, img: '' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('users directory', () => {
  it('when asked for a page, then it holds the users of that page in email order with the total', async () => {
    const directory = createUsersDirectory({ load: async () => ['c@x.test', 'a@x.test', 'd@x.test', 'b@x.test'].map((email) => user(email)) });
    expect(await directory.page({ page: 2, limit: 3 })).toEqual({ items: [user('d@x.test')], total: 4 });
    expect((await directory.page({ page: 1, limit: 3 })).items.map((item) => item.email)).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
  });

  it('when searching, then an email or a name that starts with the words matches, whatever the case', async () => {
    const directory = createUsersDirectory({ load: async () => [user('mia@x.test', 'Zoe'), user('zack@x.test', 'Sam'), user('sam@x.test', 'Mia')] });
    const found = await directory.page({ page: 1, limit: 10, search: 'MI' });
    expect(found.items.map((item) => item.email)).toEqual(['mia@x.test', 'sam@x.test']);
    expect(found.total).toBe(2);
    expect((await directory.page({ page: 1, limit: 10, search: 'ia' })).total).toBe(0);
  });

  it('counts users and admins', async () => {
    const directory = createUsersDirectory({ load: async () => [user('a@x.test', 'A', 'admin'), user('b@x.test'), user('c@x.test')] });
    expect(await directory.counts()).toEqual({ totalUsers: 3, totalAdmin: 1 });
  });

  it('loads once: later requests do not read the database again while fresh', async () => {
    const load = jest.fn(async () => [user('a@x.test')]);
    const directory = createUsersDirectory({ load });
    await Promise.all([directory.page({ page: 1, limit: 5 }), directory.counts(), directory.page({ page: 1, limit: 5 })]);
    await directory.counts();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("when this service writes a user, then the next page shows it without a reload", async () => {
    const load = jest.fn(async () => [user('b@x.test')]);
    const directory = createUsersDirectory({ load });
    await directory.counts();
    directory.put(user('a@x.test', 'New'));
    directory.patch('b@x.test', { role: 'admin' });
    directory.patch('nobody@x.test', { role: 'admin' });
    expect(await directory.page({ page: 1, limit: 5 })).toEqual({ items: [user('a@x.test', 'New'), { ...user('b@x.test'), role: 'admin' }], total: 2 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when stale, then the last directory is served while a reload runs, and a write made during the reload survives it', async () => {
    let clock = 0;
    const second = deferred<UserView[]>();
    const load = jest.fn().mockResolvedValueOnce([user('a@x.test')]).mockReturnValueOnce(second.promise);
    const directory = createUsersDirectory({ load, maxAgeMs: 1000, now: () => clock });
    clock = 1;
    await directory.counts();
    clock = 5000;
    expect((await directory.page({ page: 1, limit: 5 })).total).toBe(1); // stale answer, reload started
    directory.put(user('b@x.test', 'Written meanwhile'));
    second.resolve([user('a@x.test', 'Renamed elsewhere'), user('b@x.test', 'Read before the write')]);
    await new Promise((resolve) => setImmediate(resolve));
    const { items } = await directory.page({ page: 1, limit: 5 });
    expect(items.map((item) => item.name)).toEqual(['Renamed elsewhere', 'Written meanwhile']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when a reload fails, then the last directory is still served and the error reported', async () => {
    let clock = 1;
    const onReloadError = jest.fn();
    const load = jest.fn().mockResolvedValueOnce([user('a@x.test')]).mockRejectedValueOnce(new Error('database down'));
    const directory = createUsersDirectory({ load, maxAgeMs: 10, now: () => clock, onReloadError });
    await directory.counts();
    clock = 100;
    expect((await directory.counts()).totalUsers).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(onReloadError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database down' }));
  });

  it('before the first load, a write is left to the load (it reads the database after the write)', async () => {
    const load = jest.fn(async () => [user('a@x.test')]);
    const directory = createUsersDirectory({ load });
    directory.put(user('ghost@x.test'));
    expect((await directory.page({ page: 1, limit: 5 })).total).toBe(1);
  });
});

describe('users directory warm-up', () => {
  it('when warmed at start, then the first request does not wait for the database', async () => {
    const first = deferred<UserView[]>();
    const load = jest.fn().mockReturnValueOnce(first.promise);
    const directory = createUsersDirectory({ load });
    directory.warm();
    directory.warm();
    first.resolve([user('a@x.test')]);
    expect(await directory.counts()).toEqual({ totalUsers: 1, totalAdmin: 0 });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
