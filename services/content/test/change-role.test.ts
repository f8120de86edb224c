import { AppError } from '@kidslearn/lib-core';
import type { AdminRoster, RoleChangeLock } from '../src/domain/admin-roles';
import { changeRole } from '../src/use-cases/change-role';
import type { IdentityAdmin } from '../src/domain/identity';
import type { UsersStore } from '../src/domain/ports';
import type { UserView } from '../src/domain/user';
import { messages } from '../src/messages';

type Account = { kcId: string; email: string; admin: boolean; enabled?: boolean; recordRole?: 'user' | 'admin' };

/**
 * Keycloak (roles), the user records and the lock, as fakes that log what happens in order. The lock
 * lets one change through at a time, as the database lock does across instances.
 */
function world(accounts: Account[], options: { failRemove?: boolean; leaseLost?: boolean } = {}) {
  const calls: string[] = [];
  const byId = new Map(accounts.map((a, i) => [`u${i + 1}`, a]));
  const byEmail = new Map(accounts.map((a) => [a.email, a]));
  const byKcId = new Map(accounts.map((a) => [a.kcId, a]));
  const view = (id: string, a: Account): UserView => ({ _id: id, name: a.email, email: a.email, role: a.recordRole ?? (a.admin ? 'admin' : 'user'), gems: 0, img: '' });

  const identity = {
    findUserIdByEmail: async (email: string) => byEmail.get(email)?.kcId ?? null,
    addRealmRole: async (kcId: string) => {
      calls.push(`add ${kcId}`);
      byKcId.get(kcId)!.admin = true;
    },
    removeRealmRole: async (kcId: string) => {
      calls.push(`remove ${kcId}`);
      byKcId.get(kcId)!.admin = false; // applied, then the answer is lost
      if (options.failRemove) throw AppError.unavailable('keycloak timed out');
    },
  } as unknown as IdentityAdmin;

  const admins: AdminRoster = {
    isAdmin: async (kcId) => (calls.push(`is admin? ${kcId}`), byKcId.get(kcId)?.admin === true),
    hasOtherActiveAdmin: async (kcId) => (calls.push('count admins'), accounts.some((a) => a.kcId !== kcId && a.admin && a.enabled !== false)),
  };

  const users = {
    findById: async (id: string) => (byId.has(id) ? view(id, byId.get(id)!) : null),
    setRole: async (id: string, email: string, role: 'user' | 'admin') => {
      calls.push(`local ${email} ${role}`);
      byId.get(id)!.recordRole = role;
      return view(id, byId.get(id)!);
    },
  } as unknown as UsersStore;

  let tail: Promise<unknown> = Promise.resolve();
  const roleLock: RoleChangeLock = {
    run(change) {
      const run = tail.then(async () => {
        calls.push('lock');
        try {
          return await change({
            confirm: async () => {
              calls.push('confirm');
              if (options.leaseLost) throw AppError.unavailable(messages.user.roleChangeBusy);
            },
          });
        } finally {
          calls.push('unlock');
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
  return { calls, deps: { identity, users, admins, roleLock }, accounts };
}

const ada = (extra: Partial<Account> = {}): Account => ({ kcId: 'kc-ada', email: 'ada@x.test', admin: true, ...extra });
const bob = (extra: Partial<Account> = {}): Account => ({ kcId: 'kc-bob', email: 'bob@x.test', admin: true, ...extra });
const kid = (extra: Partial<Account> = {}): Account => ({ kcId: 'kc-kid', email: 'kid@x.test', admin: false, ...extra });

describe('change a role', () => {
  it('when an admin promotes a learner, then under the lock Keycloak first, then the local mirror', async () => {
    const { deps, calls } = world([ada(), kid()]);
    const user = await changeRole(deps, 'ada@x.test', 'u2', 'admin');
    expect(user.role).toBe('admin');
    expect(calls).toEqual(['lock', 'add kc-kid', 'local kid@x.test admin', 'unlock']);
  });

  it('when an admin demotes another admin, then the count is read from Keycloak inside the lock, confirmed, then the role goes and the record follows', async () => {
    const { deps, calls } = world([ada(), bob()]);
    const user = await changeRole(deps, 'ada@x.test', 'u2', 'user');
    expect(user.role).toBe('user');
    expect(calls).toEqual(['lock', 'is admin? kc-bob', 'count admins', 'confirm', 'remove kc-bob', 'local bob@x.test user', 'unlock']);
  });

  it('when the target is the last enabled admin, then 409 with the message and nothing changes', async () => {
    // bob's stale token still says admin, ada is the only admin left; carl is an admin who cannot sign in.
    const { deps, calls, accounts } = world([ada(), bob({ admin: false }), { kcId: 'kc-carl', email: 'carl@x.test', admin: true, enabled: false }]);
    await expect(changeRole(deps, 'bob@x.test', 'u1', 'user')).rejects.toMatchObject({ status: 409, message: messages.user.lastAdmin });
    expect(calls).toEqual(['lock', 'is admin? kc-ada', 'count admins', 'unlock']);
    expect(accounts[0]).toMatchObject({ admin: true });
  });

  it('when two admins demote each other at once, then exactly one succeeds and one admin is left', async () => {
    const { deps, accounts } = world([ada(), bob()]);
    const results = await Promise.allSettled([changeRole(deps, 'ada@x.test', 'u2', 'user'), changeRole(deps, 'bob@x.test', 'u1', 'user')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409, message: messages.user.lastAdmin } });
    expect(accounts.filter((a) => a.admin)).toHaveLength(1);
    expect(accounts.filter((a) => a.recordRole === 'user')).toHaveLength(1);
  });

  it('when the user is not an admin, then remove-admin answers the record as it is and writes nothing', async () => {
    const { deps, calls } = world([ada(), kid()]);
    expect(await changeRole(deps, 'ada@x.test', 'u2', 'user')).toMatchObject({ email: 'kid@x.test', role: 'user' });
    expect(calls).toEqual(['lock', 'is admin? kc-kid', 'unlock']);
  });

  it('when Keycloak says user but the record still says admin, then only the record is corrected', async () => {
    const { deps, calls } = world([ada(), kid({ recordRole: 'admin' })]);
    expect(await changeRole(deps, 'ada@x.test', 'u2', 'user')).toMatchObject({ role: 'user' });
    expect(calls).toEqual(['lock', 'is admin? kc-kid', 'local kid@x.test user', 'unlock']);
  });

  it('when the Keycloak removal fails, then the role is put back, the error goes out and the record is untouched', async () => {
    const { deps, calls, accounts } = world([ada(), bob()], { failRemove: true });
    await expect(changeRole(deps, 'ada@x.test', 'u2', 'user')).rejects.toMatchObject({ status: 503 });
    expect(calls).toEqual(['lock', 'is admin? kc-bob', 'count admins', 'confirm', 'remove kc-bob', 'add kc-bob', 'unlock']);
    expect(accounts[1]!.admin).toBe(true);
    expect(accounts[1]!.recordRole).toBeUndefined();
  });

  it('when the lock was lost before the removal, then 503 and nothing changes', async () => {
    const { deps, calls } = world([ada(), bob()], { leaseLost: true });
    await expect(changeRole(deps, 'ada@x.test', 'u2', 'user')).rejects.toMatchObject({ status: 503 });
    expect(calls).toEqual(['lock', 'is admin? kc-bob', 'count admins', 'confirm', 'unlock']);
  });

  it('when an admin demotes themselves, then 409 and nothing is even locked', async () => {
    const { deps, calls } = world([ada(), bob()]);
    await expect(changeRole(deps, 'ADA@x.test', 'u1', 'user')).rejects.toMatchObject({ status: 409, message: messages.user.cannotDemoteSelf });
    expect(calls).toEqual([]);
  });

  it('when the user is unknown here or in Keycloak, then 404', async () => {
    const { deps } = world([ada(), { kcId: '', email: 'ghost@x.test', admin: false }]);
    await expect(changeRole(deps, 'ada@x.test', 'nope', 'admin')).rejects.toMatchObject({ status: 404 });
    await expect(changeRole(deps, 'ada@x.test', 'u2', 'admin')).rejects.toMatchObject({ status: 404 });
  });
});
