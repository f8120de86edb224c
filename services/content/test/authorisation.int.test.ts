import type { Test } from 'supertest';
import { createLearner, tokenFor, type TestUser } from '@kidslearn/lib-testkit';
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
  let tokens: Record<Who, string | undefined>;
  let learner: TestUser;
  let other: TestUser;
  let learnerId: string;
  let avatars: string[];

  beforeAll(async () => {
    svc = await startContent();
    [learner, other] = await Promise.all([createLearner(), createLearner()]);
    tokens = { anonymous: undefined, learner: learner.token, 'another learner': other.token, admin: await tokenFor('admin@kidslearn.test', 'Admin1234') };
    const rec = await svc.http().post('/users').set(bearer(learner.token)).send({ name: learner.name }).expect(201);
    learnerId = rec.body._id;
    await svc.http().post('/users').set(bearer(other.token)).send({ name: other.name }).expect(201);
    avatars = (await svc.http().get('/avaters').expect(200)).body.map((a: { img: string }) => a.img);
  });
  afterAll(() => svc.stop());

  const as = (who: Who, req: Test) => {
    const token = tokens[who];
    return token ? req.set(bearer(token)) : req;
  };
  const lessonCount = async () => (await svc.http().get('/lessons')).body.length as number;
  const learnerImg = async () => (await svc.http().get('/users/email').query({ email: learner.email }).set(bearer(learner.token))).body.img as string;
  const learnerRole = async () => (await svc.http().get('/users/email').query({ email: learner.email }).set(bearer(learner.token))).body.role as string;

  // [route, request, expected status per caller, state read before/after a refused request]
  const routes: [string, (who: Who) => Test, Record<Who, number>, (() => Promise<unknown>)?][] = [
    ['GET /lessons', (w) => as(w, svc.http().get('/lessons')), { anonymous: 200, learner: 200, 'another learner': 200, admin: 200 }],
    ['POST /lessons', (w) => as(w, svc.http().post('/lessons').send(lesson)), { anonymous: 401, learner: 403, 'another learner': 403, admin: 201 }, lessonCount],
    ['GET /review', (w) => as(w, svc.http().get('/review')), { anonymous: 200, learner: 200, 'another learner': 200, admin: 200 }],
    ['POST /review', (w) => as(w, svc.http().post('/review').set(fromIp()).send({ name: 'n', message: 'm' })), { anonymous: 201, learner: 201, 'another learner': 201, admin: 201 }],
    ['GET /avaters', (w) => as(w, svc.http().get('/avaters')), { anonymous: 200, learner: 200, 'another learner': 200, admin: 200 }],
    ['PATCH /avater/{learner}', (w) => as(w, svc.http().patch(`/avater/${learner.email}`).send({ img: avatars[WHO.indexOf(w)] })), { anonymous: 401, learner: 200, 'another learner': 403, admin: 200 }, learnerImg],
    ['POST /users', (w) => as(w, svc.http().post('/users').send({ name: 'Me' })), { anonymous: 401, learner: 200, 'another learner': 200, admin: 200 }],
    ['GET /users/email?email={learner}', (w) => as(w, svc.http().get('/users/email').query({ email: learner.email })), { anonymous: 401, learner: 200, 'another learner': 403, admin: 200 }],
    ['GET /users?email={learner}', (w) => as(w, svc.http().get('/users').query({ email: learner.email })), { anonymous: 401, learner: 200, 'another learner': 403, admin: 200 }],
    ['GET /users', (w) => as(w, svc.http().get('/users')), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }],
    ['GET /users/search', (w) => as(w, svc.http().get('/users/search').query({ email: learner.email })), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }],
    ['PUT /users/{learner}/remove-admin', (w) => as(w, svc.http().put(`/users/${learnerId}/remove-admin`)), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }, learnerRole],
    ['PUT /users/{learner}/make-admin', (w) => as(w, svc.http().put(`/users/${learnerId}/make-admin`)), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }, learnerRole],
    ['GET /admin/overview', (w) => as(w, svc.http().get('/admin/overview')), { anonymous: 401, learner: 403, 'another learner': 403, admin: 200 }],
    ['POST /registrations (empty form)', (w) => as(w, svc.http().post('/registrations').set(fromIp()).field('name', 'x')), { anonymous: 400, learner: 400, 'another learner': 400, admin: 400 }],
    ['GET /photos/{unknown}', (w) => as(w, svc.http().get('/photos/0123456789abcdef01234567')), { anonymous: 401, learner: 404, 'another learner': 404, admin: 404 }],
    ['GET /openapi.json', (w) => as(w, svc.http().get('/openapi.json')), { anonymous: 200, learner: 200, 'another learner': 200, admin: 200 }],
  ];

  describe.each(routes)('%s', (_name, call, expected, state) => {
    it.each(WHO)('when called as %s, then the expected status comes back and a refusal changes nothing', async (who) => {
      const before = state && (await state());
      const res = await call(who);
      expect(res.status).toBe(expected[who]);
      if (res.status === 401 || res.status === 403) {
        expect(res.body.message).toEqual(expect.any(String));
        if (state) expect(await state()).toEqual(before);
      }
    });
  });

  it('when a token is forged or expired, then protected routes answer 401', async () => {
    await svc.http().get('/users').set(bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl')).expect(401);
    await svc.http().get('/admin/overview').set('authorization', 'Basic abc').expect(401);
  });

  it('when the learner was promoted last in the matrix, then Keycloak agrees; demoting restores it', async () => {
    expect(await realmRolesOf(learner.email)).toContain('admin');
    await svc.http().put(`/users/${learnerId}/remove-admin`).set(bearer(tokens.admin!)).expect(200);
    expect(await realmRolesOf(learner.email)).not.toContain('admin');
  });

  it('when an unknown route is called, then 404', async () => {
    await svc.http().get('/nope').expect(404);
  });
});
