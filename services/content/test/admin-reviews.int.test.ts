import type { Test } from 'supertest';
import { createLearner, signIn, type TokenSource } from '@kidslearn/lib-testkit';
import { messages } from '../src/messages';
import { bearer, fromIp, startContent, type TestService } from './support/service';

type Who = 'anonymous' | 'learner' | 'admin';
interface AdminReview {
  _id: string;
  name: string;
  title: string;
  message: string;
  createdAt: string;
  hidden: boolean;
  flagged: boolean;
  flagReason?: string;
}

// Two instances of the service on one database and one Redis (same service name, so the same cache
// keys), as in production: what one hides, the other stops publishing at once.
describe('review moderation (integration)', () => {
  let one: TestService;
  let two: TestService;
  // Read at each use: the sources fetch the next token before the current one expires.
  let tokens: Record<Who, TokenSource | undefined>;

  beforeAll(async () => {
    one = await startContent({ REVIEW_RATE_LIMIT: '100' });
    two = await startContent({ REVIEW_RATE_LIMIT: '100', SERVICE_NAME: one.config.SERVICE_NAME, MONGO_URL: one.config.MONGO_URL });
    const learner = await createLearner();
    tokens = { anonymous: undefined, learner, admin: await signIn('admin@kidslearn.test', 'Admin1234') };
  });
  afterAll(async () => {
    await two?.stop();
    await one?.stop();
  });

  const as = (who: Who, req: Test) => (tokens[who] ? req.set(bearer(tokens[who]!.token)) : req);
  const post = async (review: Record<string, string>) => (await one.http().post('/review').set(fromIp()).send(review).expect(201)).body as { _id: string } & Record<string, unknown>;
  const publicIds = async (svc = one) => ((await svc.http().get('/review').expect(200)).body as { _id: string }[]).map((r) => r._id);
  const adminList = async (query: Record<string, string> = { limit: '100' }) =>
    (await as('admin', one.http().get('/admin/reviews').query(query)).expect(200)).body as { items: AdminReview[]; total: number; page: number; limit: number };
  const setHidden = (who: Who, id: string, body: unknown, svc = two) => as(who, svc.http().patch(`/admin/reviews/${id}`).send(body as object));

  describe('who may', () => {
    let id: string;
    beforeAll(async () => {
      id = (await post({ name: 'Matrix', message: 'Checked by the matrix' }))._id;
    });

    it.each([
      ['anonymous', 401],
      ['learner', 403],
      ['admin', 200],
    ] as const)('when GET /admin/reviews is called as %s, then %i', async (who, status) => {
      const res = await as(who, one.http().get('/admin/reviews'));
      expect(res.status).toBe(status);
      if (status !== 200) expect(res.body.message).toEqual(expect.any(String));
    });

    it.each([
      ['anonymous', 401],
      ['learner', 403],
    ] as const)('when PATCH /admin/reviews/{id} is called as %s, then %i and the review stays published', async (who, status) => {
      const res = await setHidden(who, id, { hidden: true });
      expect(res.status).toBe(status);
      expect(await publicIds()).toContain(id);
    });

    it('when PATCH /admin/reviews/{id} is called as admin, then 200 (and the review is hidden)', async () => {
      await setHidden('admin', id, { hidden: true }).expect(200);
      expect(await publicIds()).not.toContain(id);
    });
  });

  describe('bad input', () => {
    let id: string;
    beforeAll(async () => {
      id = (await post({ name: 'Bea', message: 'Stays as it is' }))._id;
    });

    it.each([
      ['a malformed id', 'not-an-id', { hidden: true }, messages.review.badId],
      ['no body', null, {}, messages.review.hiddenRequired],
      ['hidden as text', null, { hidden: 'yes' }, messages.review.hiddenRequired],
      ['another field', null, { hidden: true, message: 'rewritten' }, messages.review.hiddenRequired],
    ])('when the admin sends %s, then 400 with a clear message and nothing changes', async (_case, badId, body, message) => {
      const res = await setHidden('admin', badId ?? id, body).expect(400);
      expect(res.body.message).toContain(message);
      expect(await publicIds()).toContain(id);
      expect((await adminList()).items.find((r) => r._id === id)).toMatchObject({ hidden: false, message: 'Stays as it is' });
    });

    it('when the review does not exist, then 404', async () => {
      const res = await setHidden('admin', '0123456789abcdef01234567', { hidden: true }).expect(404);
      expect(res.body.error).toBe(messages.review.notFound);
    });

    it.each([{ page: '0' }, { limit: '101' }, { limit: 'x' }])('when the admin list is asked for %o, then 400', async (query) => {
      await as('admin', one.http().get('/admin/reviews').query(query)).expect(400);
    });
  });

  it('when an admin hides a review that a landing page has cached (on another instance), then it is gone at once; shown again, it is back at once', async () => {
    const review = await post({ name: 'Ana', email: 'ana.parent@x.test', title: 'Parent', message: 'Lovely lessons' });
    expect(await publicIds(one)).toContain(review._id); // cached now
    expect(await publicIds(two)).toContain(review._id);

    const hidden = await setHidden('admin', review._id, { hidden: true }, two).expect(200);
    expect(hidden.body).toMatchObject({ _id: review._id, hidden: true, flagged: false });
    expect(await publicIds(one)).not.toContain(review._id);
    expect(await publicIds(two)).not.toContain(review._id);

    await setHidden('admin', review._id, { hidden: false }, one).expect(200);
    expect(await publicIds(two)).toContain(review._id);
    expect(await publicIds(one)).toContain(review._id);
  });

  it('when a posted review carries a link, then it is answered like any other but stored hidden and flagged for the admin, who may publish it', async () => {
    const ordinary = await post({ name: 'Ola', message: 'Plain and nice' });
    const held = await post({ name: 'Spam', title: 'Parent', message: 'Free games on coolgames.com' });
    expect(Object.keys(held).sort()).toEqual(Object.keys(ordinary).sort());
    expect(held).toMatchObject({ name: 'Spam', title: 'Parent', message: 'Free games on coolgames.com' });

    expect(await publicIds()).not.toContain(held._id);
    expect((await adminList()).items.find((r) => r._id === held._id)).toMatchObject({ hidden: true, flagged: true, flagReason: 'link' });

    await setHidden('admin', held._id, { hidden: false }).expect(200);
    expect(await publicIds()).toContain(held._id);
  });

  it('when the admin pages the reviews, then they come newest first with the total, hidden ones included', async () => {
    const [a, b, c] = [await post({ message: 'page a' }), await post({ message: 'page b' }), await post({ message: 'page c' })];
    await setHidden('admin', b._id, { hidden: true }).expect(200);

    const firstPage = await adminList({ page: '1', limit: '2' });
    expect(firstPage).toMatchObject({ page: 1, limit: 2 });
    expect(firstPage.items.map((r) => r._id)).toEqual([c._id, b._id]);
    expect(firstPage.items[1]).toMatchObject({ hidden: true });
    const secondPage = await adminList({ page: '2', limit: '2' });
    expect(secondPage.items[0]!._id).toBe(a._id);
    expect(firstPage.total).toBe((await adminList()).items.length);
    expect(firstPage.total).toBeGreaterThanOrEqual(3);
  });

  it('when anyone reads reviews, then no reviewer email is ever in the answer, and browsers must ask again each time', async () => {
    await post({ name: 'Mail', email: 'secret.parent@x.test', message: 'With an email' });
    const pub = await one.http().get('/review').expect(200);
    const admin = await as('admin', one.http().get('/admin/reviews').query({ limit: '100' })).expect(200);
    expect(JSON.stringify(pub.body)).not.toContain('secret.parent@x.test');
    expect(JSON.stringify(admin.body)).not.toContain('secret.parent@x.test');
    expect(pub.body.every((r: object) => !('email' in r))).toBe(true);
    expect(admin.body.items.every((r: object) => !('email' in r))).toBe(true);
    expect(pub.headers['cache-control']).toBe('no-cache');
    expect(admin.headers['cache-control']).toBe('private, no-store');
  });
});
