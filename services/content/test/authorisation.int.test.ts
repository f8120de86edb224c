import type { Test } from 'supertest';
import { createLearner, signIn, type TestUser, type TokenSource } from '@kidslearn/lib-testkit';
import { realmRolesOf } from './support/keycloak';
import { bearer, fromIp, startContent, type TestService } from './support/service';

type Who = 'anonymous' | 'learner' | 'another learner' | 'admin';
const WHO: Who[] = ['anonymous', 'learner', 'another learner', 'admin'];

const lesson = {
  lessonHeading: 'Matrix lesson',
  parts: [{ name: 'p', link: 'https://www.youtube.com/watch?v=abcdefghijk' }],
  quiz: [{ question: 'q', optionA: 'a', optionB: 'b', optionC: 'c', optionD: 'd', correctAnswer: 'B' }],
};

describe('authorisation matrix (integration)', () => {
  let svc: TestService;
  let learner: TestUser;
  let other: TestUser;
  let admin: TokenSource;
  /** Whose role make-admin / remove-admin change: never one of the callers, so no caller's role moves. */
  let target: TestUser;
  let targetId: string;
  let avatars: string[];

  beforeAll(async () => {
    svc = await startContent();
    [learner, other, target, admin] = await Promise.all([createLearner(), createLearner(), createLearner(), signIn('admin@kidslearn.test', 'Admin1234')]);
    for (const user of [learner, other]) await svc.http().post('/users').set(bearer(user.token)).send({ name: user.name }).expect(201);
    targetId = (await svc.http().post('/users').set(bearer(target.token)).send({ name: target.name }).expect(201)).body._id;
    avatars = (await svc.http().get('/avaters').expect(200)).body.map((a: { img: string }) => a.img);
  });
  afterAll(() => svc.stop());

  // Read at each use: the sources fetch the next token before the current one expires.
  const tokenOf = (who: Who): string | undefined => ({ anonymous: undefined, learner: learner.token, 'another learner': other.token, admin: admin.token })[who];
  const as = (who: Who, req: Test) => {
    const token = tokenOf(who);
    return token ? req.set(bearer(token)) : req;
  };
  const recordOf = async (user: TestUser) => (await svc.http().get('/users/email').query({ email: user.email }).set(bearer(user.token)).expect(200)).body as { img: string; role: string };
  const setRole = async (action: 'make-admin' | 'remove-admin') => void (await svc.http().put(`/users/${targetId}/${action}`).set(bearer(admin.token)).expect(200));
  /** The target's role where it lives (Keycloak) and where content mirrors it. */
  const targetRole = async () => ({ record: (await recordOf(target)).role, keycloakAdmin: (await realmRolesOf(target.email)).includes('admin') });

  /** What a refused request must leave as it was, arranged first so that a wrongly accepted request would change it. */
  interface Guarded {
    arrange?: () => Promise<void>;
    read: () => Promise<unknown>;
  }
  const lessons: Guarded = { read: async () => (await svc.http().get('/lessons')).body.length as number };
  // Every caller asks for avatars[1] over avatars[0].
  const learnerImg: Guarded = {
    arrange: async () => void (await svc.http().patch(`/avater/${learner.email}`).set(bearer(learner.token)).send({ img: avatars[0] }).expect(200)),
    read: async () => (await recordOf(learner)).img,
  };
  const targetIsAdmin: Guarded = { arrange: () => setRole('make-admin'), read: targetRole };
  const targetIsNotAdmin: Guarded = { arrange: () => setRole('remove-admin'), read: targetRole };

  // [route, request, expected status per caller, state a refusal changes nothing of]
  const routes: [string, (who: Who) => Test, Record<Who, number>, Guarded?][] = [
    ['GET /lessons', (w) => as(w, svc.http().get('/lessons')), { anonymous: 200, learner: 200, 'another learner': 200, admin: 200 }],
    ['POST /lessons', (w) => as(w, svc.http().post('/lessons').send(lesson)), { anonymous: 401, learner: 403, 'another learner': 403, admin: 201 }, lessons],
    ['GET /review', (w) => as(w, svc.http().get('/review')), { anonymous: 200, learner: 200, 'another learner': 200, admin: 200 }],
    ['POST /review', (w) => as(w, svc.http().post('/review').set(fromIp()).send({ name: 'n', message: 'm' })), { anonymous: 201, learner: 201, 'another learner': 201, admin: 201 }],
    ['GET /avaters', (w) => as(w, svc.http().get('/avaters')), { anonymous: 200, learner: 200, 'another learner': 200, admin: 200 }],
    ['PATCH /avater/{learner}', (w) => as(w, svc.http().patch(`/avater/${learner.email}`).send({ img: avatars[1] })), { anonymous: 401, learner: 200, 'another learner': 403, admin: 200 }, learnerImg],
    ['POST /users', (w) => as(w, svc.http().post('/users').send({ name: 'Me' })), { anonymous: 401, learner: 200, 'another learner': 200, admin: 200 }],
    ['GET /users/email?email={learner}', (w) => as(w, svc.http().get('/users/email').query({ email: learner.email })), { anonymous: 401, learner: 200, 'another learner': 403, admin: 200 }],
    ['GET /users?email={learner}', (w) => as(w, svc.http().get('/users').query({ email: learner.email })), { anonymous: 401, learner: 200, 'another learner': 403, admin: 200 }],
    ['GET /users', (w) => as(w, svc.http().get('/users')), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }],
    ['GET /users/search', (w) => as(w, svc.http().get('/users/search').query({ email: learner.email })), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }],
    ['PUT /users/{an admin}/remove-admin', (w) => as(w, svc.http().put(`/users/${targetId}/remove-admin`)), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }, targetIsAdmin],
    ['PUT /users/{a learner}/make-admin', (w) => as(w, svc.http().put(`/users/${targetId}/make-admin`)), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }, targetIsNotAdmin],
    ['GET /admin/overview', (w) => as(w, svc.http().get('/admin/overview')), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }],
    ['POST /registrations (empty form)', (w) => as(w, svc.http().post('/registrations').set(fromIp()).field('name', 'x')), { anonymous: 400, learner: 400, 'another learner': 400, admin: 400 }],
    ['GET /photos/{unknown}', (w) => as(w, svc.http().get('/photos/0123456789abcdef01234567')), { anonymous: 401, learner: 404, 'another learner': 404, admin: 404 }],
    ['GET /openapi.json', (w) => as(w, svc.http().get('/openapi.json')), { anonymous: 200, learner: 200, 'another learner': 200, admin: 200 }],
  ];

  describe.each(routes)('%s', (_name, call, expected, guarded) => {
    it.each(WHO)('when called as %s, then the expected status comes back and a refusal changes nothing', async (who) => {
      await guarded?.arrange?.();
      const before = await guarded?.read();
      const res = await call(who);
      expect(res.status).toBe(expected[who]);
      if (res.status === 401 || res.status === 403) {
        expect(res.body.message).toEqual(expect.any(String));
        if (guarded) expect(await guarded.read()).toEqual(before);
      } else if (guarded?.arrange) {
        // The accepted request changes what a refusal must not: the arrangement can show a change.
        expect(await guarded.read()).not.toEqual(before);
      }
    });
  });

  it('when a token is forged or expired, then protected routes answer 401', async () => {
    await svc.http().get('/users').set(bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl')).expect(401);
    await svc.http().get('/admin/overview').set('authorization', 'Basic abc').expect(401);
  });

  it('when an admin promotes a learner, then Keycloak and the record agree; demoting restores both', async () => {
    await setRole('remove-admin');
    expect(await targetRole()).toEqual({ record: 'user', keycloakAdmin: false });
    await setRole('make-admin');
    expect(await targetRole()).toEqual({ record: 'admin', keycloakAdmin: true });
    await setRole('remove-admin');
    expect(await targetRole()).toEqual({ record: 'user', keycloakAdmin: false });
  });

  it('when an unknown route is called, then 404', async () => {
    await svc.http().get('/nope').expect(404);
  });
});
