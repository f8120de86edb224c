import type { Connection } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { connectMongo } from '@kidslearn/lib-mongo';
import { uniqueDbUrl } from '@kidslearn/lib-testkit';
import { createModels, type Models } from '../src/data-access/models';
import { createRoleChangeLock } from '../src/data-access/role-change-lock';
import type { RoleChangeLease } from '../src/domain/admin-roles';
import { messages } from '../src/messages';

const logger = createLogger('role-change-lock-test', 'silent');

/** A promise with its resolve, to let one step wait for another (no sleeps). */
function signal() {
  let fire: () => void = () => undefined;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fire, fired };
}

/** The models, with `onRefused` called whenever taking the lock fails (the lock is busy). */
function reportingRefusals(models: Models, onRefused: () => void): Models {
  const Lock = models.RoleChangeLock;
  const updateOne = Lock.updateOne.bind(Lock) as (...args: unknown[]) => Promise<unknown>;
  const watched = new Proxy(Lock, {
    get: (target, property, receiver) =>
      property === 'updateOne'
        ? (...args: unknown[]) => updateOne(...args).catch((err: unknown) => (onRefused(), Promise.reject(err)))
        : Reflect.get(target, property, receiver),
  });
  return { ...models, RoleChangeLock: watched };
}

// Two connections to one database play two instances of the service.
describe('role-change lock (integration: the real database, two instances)', () => {
  const url = uniqueDbUrl('role-lock');
  let connections: Connection[];
  let first: Models;
  let second: Models;

  beforeAll(async () => {
    connections = [await connectMongo(url, logger), await connectMongo(url, logger)];
    [first, second] = connections.map((connection) => createModels(connection)) as [Models, Models];
    await first.RoleChangeLock.init();
  });
  afterAll(async () => {
    await connections[0]?.dropDatabase();
    await Promise.all(connections.map((connection) => connection.close()));
  });

  it('when two instances change a role at once, then the second waits until the first is done', async () => {
    const timeline: string[] = [];
    const firstIn = signal();
    const letFirstGo = signal();
    const a = createRoleChangeLock(first).run(async () => {
      timeline.push('a in');
      firstIn.fire();
      await letFirstGo.fired;
      timeline.push('a out');
    });
    await firstIn.fired;
    const refused = signal();
    const b = createRoleChangeLock(reportingRefusals(second, refused.fire)).run(async () => void timeline.push('b in'));
    await refused.fired; // b tried while a held the lock, and was turned away
    timeline.push('b refused');
    letFirstGo.fire();
    await Promise.all([a, b]);
    expect(timeline).toEqual(['a in', 'b refused', 'a out', 'b in']);
  });

  it('when a holder crashed, then its lock is taken over once it has expired; before that, a change gives up with 503', async () => {
    await first.RoleChangeLock.updateOne({ _id: 'role-change' }, { $set: { holder: 'crashed', expiresAt: new Date(Date.now() + 60_000) } }, { upsert: true });
    await expect(createRoleChangeLock(second, { waitMs: 300 }).run(async () => 'ran')).rejects.toMatchObject({ status: 503, message: messages.user.roleChangeBusy });

    await first.RoleChangeLock.updateOne({ _id: 'role-change' }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    await expect(createRoleChangeLock(second, { waitMs: 300 }).run(async () => 'ran')).resolves.toBe('ran');
  });

  it('when a slow holder outlived its lock and another change took it, then the slow one cannot confirm (503) and does not free the other one', async () => {
    const slowTookIt = signal();
    const takenOver = signal();
    const otherMayLeave = signal();
    let slowConfirm: Promise<void> | undefined;
    const slow = createRoleChangeLock(first, { ttlMs: 200 }).run(async (lease: RoleChangeLease) => {
      slowTookIt.fire();
      await takenOver.fired;
      slowConfirm = lease.confirm();
      await slowConfirm.catch(() => undefined);
    });
    await slowTookIt.fired;
    const other = createRoleChangeLock(second, { waitMs: 5_000 }).run(async (lease) => {
      takenOver.fire();
      await otherMayLeave.fired;
      await lease.confirm(); // still the other one's after the slow one left
    });
    await slow;
    await expect(slowConfirm).rejects.toMatchObject({ status: 503 });
    const doc = await first.RoleChangeLock.findById('role-change').lean();
    expect(doc?.holder).toEqual(expect.any(String));
    otherMayLeave.fire();
    await other;
    expect((await first.RoleChangeLock.findById('role-change').lean())?.holder).toBeNull();
  });
});
