import { AppError } from '@kidslearn/lib-core';
import { photoKeyOf } from '../src/data-access/learner-records';
import type { ErasureTombstones, LearnerRecords } from '../src/domain/ports';
import { createUsersDirectory } from '../src/data-access/users-directory';
import { eraseLearner, eraseUserByAdmin, type EraseLearnerDeps } from '../src/use-cases/erase-learner';
import { exportLearner } from '../src/use-cases/export-learner';
import type { UserView } from '../src/domain/user';

const user = (email: string, role: UserView['role'] = 'user'): UserView => ({ _id: `id-${email}`, email, name: email, role, gems: 0, img: '' });

function eraseFakes(overrides: Partial<{ deleteUser: () => Promise<void> }> = {}) {
  const steps: string[] = [];
  const deps: EraseLearnerDeps = {
    identity: { findUserIdByEmail: async () => 'kc-1', deleteUser: overrides.deleteUser ?? (async () => void steps.push('keycloak')) },
    erasures: { record: async (_email: string, _at: Date, events: unknown[] = []) => void steps.push(`tombstone+${events.length} event`) } as ErasureTombstones,
    records: { erase: async (_email: string, { reviews }: { reviews: boolean }) => void steps.push(reviews ? 'records+reviews' : 'records') } as unknown as LearnerRecords,
    dropReviewsCache: async () => void steps.push('reviews cache'),
  };
  return { deps, steps };
}

describe('erasing a learner (unit)', () => {
  it('when erased, then the account goes first, then the tombstone with learner.erased, then the records and the reviews cache', async () => {
    const { deps, steps } = eraseFakes();
    const { erasureId } = await eraseLearner(deps, 'kid@x.test', { reviews: true });
    expect(erasureId).toMatch(/^[0-9a-f-]{36}$/);
    expect(steps).toEqual(['keycloak', 'tombstone+1 event', 'records+reviews', 'reviews cache']);
  });

  it('when Keycloak cannot delete the account, then nothing else is done (the admin may try again)', async () => {
    const { deps, steps } = eraseFakes({ deleteUser: async () => Promise.reject(AppError.unavailable()) });
    await expect(eraseLearner(deps, 'kid@x.test', { reviews: true })).rejects.toMatchObject({ status: 503 });
    expect(steps).toEqual([]);
  });

  it('when an admin asks to erase an unknown user, an admin or themself, then 404 / 409 and nothing is done', async () => {
    const { deps, steps } = eraseFakes();
    const users = new Map([['u1', user('kid@x.test')], ['a1', user('boss@x.test', 'admin')], ['me', user('me@x.test', 'admin')]]);
    const withUsers = { ...deps, users: { findById: async (id: string) => users.get(id) ?? null } };
    await expect(eraseUserByAdmin(withUsers, 'me@x.test', 'nobody')).rejects.toMatchObject({ status: 404 });
    await expect(eraseUserByAdmin(withUsers, 'me@x.test', 'a1')).rejects.toMatchObject({ status: 409, message: 'An admin cannot be deleted. Remove the admin role first.' });
    await expect(eraseUserByAdmin(withUsers, 'ME@x.test', 'me')).rejects.toMatchObject({ status: 409, message: 'You cannot delete your own account here.' });
    expect(steps).toEqual([]);
    await eraseUserByAdmin(withUsers, 'me@x.test', 'u1');
    expect(steps).toContain('records+reviews');
  });
});

describe('exporting a learner (unit)', () => {
  const deps = (peers: (service: string) => Promise<Record<string, unknown>>) => ({
    users: { findById: async (id: string) => (id === 'u1' ? user('kid@x.test') : null) },
    records: { exportOf: async () => ({ user: { email: 'kid@x.test' }, photos: [], reviews: [] }) },
    accountOf: async () => ({ id: 'kc-1' }),
    peers: async (service: 'quiz' | 'gems' | 'gifts') => peers(service),
    now: () => new Date('2030-01-01T00:00:00Z'),
  });

  it('when the learner exports themself, then every part is in one document and their token is handed on', async () => {
    const seen: string[] = [];
    const body = await exportLearner(deps(async (service) => (seen.push(service), { service })), { email: 'KID@x.test', isAdmin: false, authorization: 'Bearer t' }, 'u1');
    expect(body).toEqual({
      exportedAt: '2030-01-01T00:00:00.000Z',
      learner: { userId: 'u1', email: 'kid@x.test' },
      account: { id: 'kc-1' },
      content: { user: { email: 'kid@x.test' }, photos: [], reviews: [] },
      quiz: { service: 'quiz' },
      gems: { service: 'gems' },
      gifts: { service: 'gifts' },
    });
    expect(seen.sort()).toEqual(['gems', 'gifts', 'quiz']);
  });

  it('when another learner asks, then 403; when a service fails, then the whole export fails (never a partial copy)', async () => {
    await expect(exportLearner(deps(async () => ({})), { email: 'other@x.test', isAdmin: false, authorization: 'Bearer t' }, 'u1')).rejects.toMatchObject({ status: 403 });
    await expect(exportLearner(deps(async () => ({})), { email: 'boss@x.test', isAdmin: true, authorization: 'Bearer t' }, 'nope')).rejects.toMatchObject({ status: 404 });
    const failing = deps(async (service) => (service === 'gifts' ? Promise.reject(new AppError(503, 'down')) : {}));
    await expect(exportLearner(failing, { email: 'boss@x.test', isAdmin: true, authorization: 'Bearer t' }, 'u1')).rejects.toMatchObject({ status: 503 });
  });
});

describe('photo keys and the directory on erasure (unit)', () => {
  it("when a URL is one of this service's photos, then its stored key is found; anything else is not a photo", () => {
    expect(photoKeyOf('http://localhost:4000/photos/0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    for (const other of ['http://localhost:4000/photos/0123456789abcdef01234567', 'http://localhost:4000/assets/content/avatars/owl.svg', 'http://localhost:4000/photos/../x', 'not a url', '', undefined]) expect(photoKeyOf(other)).toBeNull();
  });

  it('when a user is removed while the directory reloads, then the reload (read before the removal) does not bring them back', async () => {
    let finish!: (views: UserView[]) => void;
    let loads = 0;
    let clock = 1_000;
    const directory = createUsersDirectory({
      load: () => (loads++ === 0 ? Promise.resolve([user('a@x.test'), user('b@x.test')]) : new Promise((resolve) => (finish = resolve))),
      maxAgeMs: 10,
      now: () => clock,
    });
    await directory.counts();
    clock = 2_000;
    await directory.page({ page: 1, limit: 10 }); // too old: a reload starts; this page is answered from the copy
    expect(loads).toBe(2);
    directory.remove('b@x.test');
    finish([user('a@x.test'), user('b@x.test')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await directory.page({ page: 1, limit: 10 })).items.map((u) => u.email)).not.toContain('b@x.test');
    expect((await directory.counts()).totalUsers).toBe(1);
  });
});
