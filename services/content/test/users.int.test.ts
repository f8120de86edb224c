import { createEvent } from '@kidslearn/lib-events';
import { LogCapture, createLearner, signIn, type TokenSource } from '@kidslearn/lib-testkit';
import { messages } from '../src/messages';
import { realmRolesOf } from './support/keycloak';
import { observeEvents, publishEvent } from './support/rabbit';
import { bearer, eventually, startContent, type TestService } from './support/service';

type Learner = Awaited<ReturnType<typeof createLearner>>;

describe('user directory (integration)', () => {
  let svc: TestService;
  const mirrorLog = new LogCapture();
  // Read at each use: the sources fetch the next token before the current one expires.
  let admin: TokenSource;
  let lina: TokenSource;

  beforeAll(async () => {
    svc = await startContent({}, { log: mirrorLog });
    [admin, lina] = await Promise.all([signIn('admin@kidslearn.test', 'Admin1234'), signIn('learner@kidslearn.test', 'Learner123')]);
  });
  afterAll(() => svc.stop());

  const me = (token: string, email: string) => svc.http().get('/users/email').query({ email }).set(bearer(token));
  /** A new learner whose record exists (signed in once, with `name`): each test makes its own. */
  const signedUp = async (name = 'Fresh Face'): Promise<Learner> => {
    const learner = await createLearner();
    await svc.http().post('/users').set(bearer(learner.token)).send({ name }).expect(201);
    return learner;
  };

  describe('POST /users', () => {
    it('when a new learner signs in claiming admin, 999 gems and a picture, then the record has role user, 0 gems and no picture from the body', async () => {
      const fresh = await createLearner();
      const res = await svc.http().post('/users').set(bearer(fresh.token))
        .send({ name: 'Fresh Face', email: fresh.email.toUpperCase(), role: 'admin', gems: 999, img: 'https://pics.test/me.png', created_At: 'x', last_log_in: 'y' })
        .expect(201);
      expect(res.body).toMatchObject({ email: fresh.email, name: 'Fresh Face', role: 'user', gems: 0 });
      expect(JSON.stringify(res.body)).not.toContain('pics.test');
      expect(Date.parse(res.body.created_At)).not.toBeNaN();
      expect(Date.parse(res.body.last_log_in)).not.toBeNaN();
    });

    it('when the same learner signs in again, then 200, the record is refreshed and gems and picture are kept', async () => {
      const fresh = await signedUp();
      const { img } = (await me(fresh.token, fresh.email).expect(200)).body;
      const res = await svc.http().post('/users').set(bearer(fresh.token)).send({ name: 'Fresh Again', gems: 50, img: 'https://pics.test/other.png' }).expect(200);
      expect(res.body).toMatchObject({ name: 'Fresh Again', gems: 0, role: 'user', img });
      expect(JSON.stringify(res.body)).not.toContain('pics.test');
    });

    it('when an admin signs in, then the record mirrors the admin role of the token', async () => {
      const res = await svc.http().post('/users').set(bearer(admin.token)).send({ name: 'Adam Admin' }).expect(200);
      expect(res.body.role).toBe('admin');
    });

    it('when a learner signs in with a name, then user.profile.changed carries the record\'s name (what the standings show)', async () => {
      const fresh = await signedUp('Fresh Face');
      const events = await observeEvents(['user.profile.changed']);
      try {
        expect((await svc.http().post('/users').set(bearer(fresh.token)).send({ name: 'Fresh Again' })).status).toBe(200);
        const event = await events.waitFor((e) => (e.data as { email: string }).email === fresh.email);
        expect(event.data).toEqual({ email: fresh.email, name: 'Fresh Again' });
      } finally {
        await events.close();
      }
    });

    it('when the body names another email, then 403 and nothing changes', async () => {
      const fresh = await signedUp('Fresh Face');
      const before = (await me(fresh.token, fresh.email).expect(200)).body;
      await svc.http().post('/users').set(bearer(lina.token)).send({ name: 'Hijack', email: fresh.email }).expect(403);
      expect((await me(fresh.token, fresh.email).expect(200)).body).toEqual(before);
    });

    it.each([
      ['a name of the wrong type', { name: { $gt: '' } }],
      ['an img that is not a URL', { img: 'javascript:alert(1)' }],
      ['an oversize name', { name: 'x'.repeat(81) }],
      ['an email of the wrong type', { email: ['learner@kidslearn.test'] }],
    ])('when the body has %s, then 400 and the record is unchanged', async (_case, body) => {
      const before = (await me(lina.token, 'learner@kidslearn.test').expect(200)).body;
      const res = await svc.http().post('/users').set(bearer(lina.token)).send(body).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect((await me(lina.token, 'learner@kidslearn.test').expect(200)).body).toEqual(before);
    });
  });

  describe('reading users', () => {
    it('when a learner reads their own record, then _id, name, email, role, gems and img come back', async () => {
      const res = await me(lina.token, 'Learner@KidsLearn.test').expect(200);
      expect(res.body).toMatchObject({ _id: expect.any(String), name: 'Lina Learner', email: 'learner@kidslearn.test', role: 'user', gems: expect.any(Number), img: expect.stringContaining('/assets/content/avatars/') });
      expect(res.body.outbox).toBeUndefined();
    });

    it('when a learner lists by their email, then the list starts with them', async () => {
      const res = await svc.http().get('/users').query({ email: 'learner@kidslearn.test' }).set(bearer(lina.token)).expect(200);
      expect(res.body[0].email).toBe('learner@kidslearn.test');
    });

    it('when an admin searches an unknown email, then 404 User not found', async () => {
      const res = await svc.http().get('/users/search').query({ email: 'nobody@kidslearn.test' }).set(bearer(admin.token)).expect(404);
      expect(res.body.message).toBe(messages.user.notFound);
    });

    it('when an admin searches with spaces and capitals, then the user is found', async () => {
      const res = await svc.http().get('/users/search').query({ email: '  LEARNER@kidslearn.test ' }).set(bearer(admin.token)).expect(200);
      expect(res.body.email).toBe('learner@kidslearn.test');
    });

    it('when the email query is missing or repeated, then 400', async () => {
      await svc.http().get('/users/email').set(bearer(lina.token)).expect(400);
      await svc.http().get('/users/search').query('email=a@x.test&email=b@x.test').set(bearer(admin.token)).expect(400);
      await svc.http().get('/users/email').query('email[$gt]=').set(bearer(admin.token)).expect(400);
    });

    it('when an admin asks for the overview, then lesson, admin and user totals come back and a new learner counts', async () => {
      type Overview = { totalLesson: number; totalAdmin: number; totalUsers: number };
      const overview = async () => (await svc.http().get('/admin/overview').set(bearer(admin.token)).expect(200)).body as Overview;
      const before = await overview();
      expect(before).toEqual({ totalLesson: expect.any(Number), totalAdmin: expect.any(Number), totalUsers: expect.any(Number) });
      expect(before.totalLesson).toBeGreaterThanOrEqual(6); // the seeded lessons
      expect(before.totalAdmin).toBeGreaterThanOrEqual(1); // the seeded admin
      expect(before.totalUsers).toBeGreaterThanOrEqual(2); // the seeded learner and admin
      await signedUp();
      // Each instance's directory learns of the new record from the other's change message: eventually.
      const after = await eventually(overview, (o) => o.totalUsers === before.totalUsers + 1);
      expect(after).toEqual({ ...before, totalUsers: before.totalUsers + 1 });
    });
  });

  describe('gems mirror', () => {
    const balance = (email: string, value: number, version: number) => createEvent('gems.balance.changed', { email, balance: value, version });
    const gemsOf = async (learner: Learner) => (await me(admin.token, learner.email).expect(200)).body.gems as number;

    it('when gems.balance.changed arrives, then the user shows the balance; an older or repeated event changes nothing', async () => {
      const fresh = await signedUp();
      const event = balance(fresh.email, 5, 3);
      await publishEvent(event);
      expect(await eventually(() => gemsOf(fresh), (g) => g === 5)).toBe(5);

      await publishEvent(balance(fresh.email, 2, 2)); // stale
      await publishEvent(event); // redelivery
      await publishEvent(balance(fresh.email, 7, 4));
      expect(await eventually(() => gemsOf(fresh), (g) => g === 7)).toBe(7);
      const older = balance(fresh.email, 1, 1);
      await publishEvent(older);
      // Handled (and refused as older) once the bus logged it: then the balance is read.
      await mirrorLog.handled(older.id);
      expect(await gemsOf(fresh)).toBe(7);
    });

    it('when the balance of an unknown email changes, then a record is kept that sign-in completes', async () => {
      const email = `later-${Date.now()}@kidslearn.test`;
      await publishEvent(balance(email, 2, 1));
      const user = await eventually(async () => (await me(admin.token, email)).body, (u) => u.gems === 2);
      expect(user).toMatchObject({ email, gems: 2, role: 'user' });
    });
  });

  describe('make-admin / remove-admin', () => {
    it("when an admin promotes and demotes a learner, then the Keycloak realm role follows, the record mirrors it and every instance's directory shows it", async () => {
      const fresh = await signedUp();
      const { _id } = (await me(fresh.token, fresh.email).expect(200)).body;
      // The admin's paged list comes from each instance's directory (a cache the instances keep current for each other).
      const listed = async () => ((await svc.http().get('/users').query({ page: 1, limit: 100, q: fresh.email }).set(bearer(admin.token))).body.items as { _id: string; role: string }[]).find((u) => u._id === _id)?.role;
      const up = await svc.http().put(`/users/${_id}/make-admin`).set(bearer(admin.token)).expect(200);
      expect(up.body).toMatchObject({ _id, role: 'admin' });
      expect(await realmRolesOf(fresh.email)).toContain('admin');
      expect(await eventually(async () => [await listed(), await listed()], (roles) => roles.every((role) => role === 'admin'))).toEqual(['admin', 'admin']);

      const down = await svc.http().put(`/users/${_id}/remove-admin`).set(bearer(admin.token)).expect(200);
      expect(down.body.role).toBe('user');
      expect(await realmRolesOf(fresh.email)).not.toContain('admin');
      expect(await eventually(async () => [await listed(), await listed()], (roles) => roles.every((role) => role === 'user'))).toEqual(['user', 'user']);
    });

    it('when an admin tries to remove their own admin role, then 409 and they stay admin', async () => {
      const { _id } = (await me(admin.token, 'admin@kidslearn.test').expect(200)).body;
      const res = await svc.http().put(`/users/${_id}/remove-admin`).set(bearer(admin.token)).expect(409);
      expect(res.body.message).toBe(messages.user.cannotDemoteSelf);
      expect(await realmRolesOf('admin@kidslearn.test')).toContain('admin');
    });

    it('when the user id is unknown or malformed, then 404 / 400', async () => {
      await svc.http().put('/users/0123456789abcdef01234567/make-admin').set(bearer(admin.token)).expect(404);
      await svc.http().put('/users/not-an-id/make-admin').set(bearer(admin.token)).expect(400);
    });
  });

  describe('GET /users paging (thousands of children)', () => {
    const page = (token: string, query: Record<string, string>) => svc.http().get('/users').query(query).set(bearer(token));

    it('when an admin asks for a page, then it holds at most `limit` users in email order with the total', async () => {
      const res = await page(admin.token, { page: '1', limit: '2' }).expect(200);
      expect(res.body).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) });
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      const emails = res.body.items.map((user: { email: string }) => user.email);
      expect([...emails].sort()).toEqual(emails);
      expect(res.body.total).toBeGreaterThanOrEqual(2);
    });

    it('when an admin searches by the start of an email, then only matching users are counted and listed', async () => {
      const fresh = await signedUp();
      const res = await page(admin.token, { q: fresh.email.slice(0, 14).toUpperCase() }).expect(200);
      expect(res.body.items.map((user: { email: string }) => user.email)).toContain(fresh.email);
      expect(res.body.items.every((user: { email: string; name: string }) => [user.email, user.name.toLowerCase()].some((text) => text.startsWith(fresh.email.slice(0, 14))))).toBe(true);
      // Regular-expression characters are text, not patterns.
      expect((await page(admin.token, { q: '.*' }).expect(200)).body).toMatchObject({ items: [], total: 0 });
    });

    it.each([
      [{ page: '0' }, 'page must be a whole number from 1.'],
      [{ page: 'two' }, 'page must be a whole number from 1.'],
      [{ limit: '101' }, 'limit must be a whole number from 1 to 100.'],
      [{ limit: '1.5' }, 'limit must be a whole number from 1 to 100.'],
      [{ q: 'x'.repeat(101) }, 'q must be text of at most 100 characters.'],
    ])('when the paging query is %o, then 400 with a clear message', async (query, message) => {
      const res = await page(admin.token, query).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    });

    it('when a learner asks for a page, then 403; without a token, 401; without paging parameters, the spec shape (a list)', async () => {
      await page(lina.token, { page: '1' }).expect(403);
      await svc.http().get('/users').query({ page: '1' }).expect(401);
      const all = await svc.http().get('/users').set(bearer(admin.token)).expect(200);
      expect(Array.isArray(all.body)).toBe(true);
    });

    it('when an admin tries to remove their own admin role, then 409 says why and nothing changes', async () => {
      const self = await me(admin.token, 'admin@kidslearn.test').expect(200);
      const res = await svc.http().put(`/users/${self.body._id}/remove-admin`).set(bearer(admin.token)).expect(409);
      expect(res.body.error).toBe(messages.user.cannotDemoteSelf);
      expect((await me(admin.token, 'admin@kidslearn.test')).body.role).toBe('admin');
    });
  });
});
