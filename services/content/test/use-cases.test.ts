import { createLogger } from '@kidslearn/lib-core';
import { CREATED_NOTHING } from '@kidslearn/lib-mongo';
import type { IdentityAdmin } from '../src/domain/identity';
import { registerLearner } from '../src/use-cases/register-learner';
import type { PhotosStore, UsersStore } from '../src/domain/ports';
import { contentHandlers } from '../src/entry-points/messaging/handlers';
import type { LessonAnnouncer } from '../src/entry-points/messaging/lesson-announcer';
import { createEnvelope, createEvent, eventHandler, PoisonMessageError } from '@kidslearn/lib-events';

const logger = createLogger('test', 'silent');
const form = { name: 'Rita Reader', email: 'rita@x.test', password: 'Secret123', photo: { buffer: Buffer.from('x'), contentType: 'image/png' as const } };

function fakes(overrides: Partial<IdentityAdmin> = {}) {
  const calls: string[] = [];
  const identity: IdentityAdmin = {
    findUserIdByEmail: async () => null,
    findAccount: async () => null,
    deleteUser: async (id) => void calls.push(`account deleted ${id}`),
    createUnverifiedUser: async () => ({ id: 'kc-1' }),
    createParent: async () => ({ id: 'kc-parent' }),
    sendVerifyEmail: async () => void calls.push('mail'),
    mailExistingAccount: async (email) => void calls.push(`mail owner ${email}`),
    addRealmRole: async (id, role) => void calls.push(`add ${id} ${role}`),
    removeRealmRole: async (id, role) => void calls.push(`remove ${id} ${role}`),
    ...overrides,
  };
  const photos = {
    save: async () => (calls.push('photo saved'), 'p1'),
    remove: async (id: string) => void calls.push(`photo removed ${id}`),
    urlOf: (id: string) => `http://gw/photos/${id}`,
  } as unknown as PhotosStore;
  const users = {
    createRegistered: async (email: string, _name: string, url: string) => void calls.push(`user ${email} ${url}`),
    findById: async (id: string) => (id === 'u1' ? { _id: 'u1', email: 'me@x.test', role: 'admin' } : id === 'u2' ? { _id: 'u2', email: 'kid@x.test', role: 'user' } : null),
    setRole: async (id: string, email: string, role: string) => (calls.push(`local ${email} ${role}`), { _id: id, email, role }),
    applyGemsBalance: async (email: string, balance: number, version: number) => (calls.push(`gems ${email} ${balance} v${version}`), 'changed' as const),
  } as unknown as UsersStore;
  return { calls, identity, photos, users, logger };
}

describe('register a learner', () => {
  it('when everything works, then photo, account, mail and local record happen in that order', async () => {
    const deps = fakes();
    await registerLearner(deps, form);
    expect(deps.calls).toEqual(['photo saved', 'mail', 'user rita@x.test http://gw/photos/p1']);
  });

  it('when the verification mail fails, then registration still succeeds', async () => {
    const deps = fakes({ sendVerifyEmail: async () => Promise.reject(new Error('smtp down')) });
    await expect(registerLearner(deps, form)).resolves.toBeUndefined();
    expect(deps.calls).toContain('user rita@x.test http://gw/photos/p1');
  });

  it('when the email already has a verified account, then it resolves like a new registration, stores nothing and mails the owner', async () => {
    const deps = fakes({ findAccount: async () => ({ id: 'kc-9', verified: true }) });
    await expect(registerLearner(deps, form)).resolves.toBeUndefined();
    expect(deps.calls).toEqual(['mail owner rita@x.test']);
  });

  it('when the email has a pending (unverified) account, then it resolves like a new registration, changes nothing of the account and only mails the address again', async () => {
    const deps = fakes({ findAccount: async () => ({ id: 'kc-first', verified: false }) });
    await expect(registerLearner(deps, form)).resolves.toBeUndefined();
    expect(deps.calls).toEqual(['mail owner rita@x.test']);
  });

  it('when Keycloak reports the email taken at creation, then the stored photo is removed and the owner is mailed', async () => {
    const deps = fakes({ createUnverifiedUser: async () => 'exists' });
    await expect(registerLearner(deps, form)).resolves.toBeUndefined();
    expect(deps.calls).toEqual(['photo saved', 'photo removed p1', 'mail owner rita@x.test']);
  });
});

describe('gems.balance.changed consumer', () => {
  const consumer = (users: UsersStore) =>
    eventHandler('gems.balance.changed', contentHandlers({ users, announcer: {} as LessonAnnouncer, unlessErased: async (_email, _at, write) => (await write(), true), logger })['gems.balance.changed']!);
  const ctx = { attempt: 1, redelivered: false };

  it('when a valid event comes, then the balance is applied with its version', async () => {
    const deps = fakes();
    await consumer(deps.users)(createEvent('gems.balance.changed', { email: 'Kid@x.test', balance: 4, version: 2 }), ctx);
    expect(deps.calls).toEqual(['gems kid@x.test 4 v2']);
  });

  it.each([
    ['changed the record it found', 'changed', CREATED_NOTHING],
    ['found the record newer', 'stale', CREATED_NOTHING],
    ['may have made the record', 'created', undefined],
  ] as const)('when the write %s, then the erasure check is told %s', async (_case, result, told) => {
    const users = { applyGemsBalance: async () => result } as unknown as UsersStore;
    const answers: unknown[] = [];
    const handler = contentHandlers({ users, announcer: {} as LessonAnnouncer, unlessErased: async (_email, _at, write) => (answers.push(await write()), true), logger });
    await eventHandler('gems.balance.changed', handler['gems.balance.changed']!)(createEvent('gems.balance.changed', { email: 'kid@x.test', balance: 4, version: 2 }), ctx);
    expect(answers).toEqual([told]);
  });

  it('when the event is malformed, then it is poison (dead-lettered at once) and users are not touched', async () => {
    const deps = fakes();
    expect(() => consumer(deps.users)(createEnvelope('gems.balance.changed', { email: 'kid@x.test', balance: -1 }), ctx)).toThrow(PoisonMessageError);
    expect(deps.calls).toEqual([]);
  });
});
