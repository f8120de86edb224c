import { messages } from '../src/messages';
import { fromIp, startContent, type TestService } from './support/service';

describe('reviews (integration)', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startContent({ REVIEW_RATE_LIMIT: '3', REVIEW_IP_RATE_LIMIT: '3', REVIEW_RATE_WINDOW_SECONDS: '60' });
  });
  afterAll(() => svc.stop());

  it('when reviews are read, then an array of seeded parent and teacher reviews comes without emails', async () => {
    const res = await svc.http().get('/review').expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    expect(res.body.map((r: { title: string }) => r.title)).toEqual(expect.arrayContaining(['Parent', 'Teacher']));
    expect(res.body[0]).toEqual({ _id: expect.any(String), name: expect.any(String), title: expect.any(String), message: expect.any(String), createdAt: expect.any(String) });
  });

  it('when a visitor leaves a review, then 201 with the review and the cached list shows it at once', async () => {
    await svc.http().get('/review').expect(200); // warm the cache
    const res = await svc.http().post('/review').set(fromIp()).send({ name: 'Ana', email: 'ana@x.test', title: 'Parent', message: 'Lovely lessons' }).expect(201);
    expect(res.body).toMatchObject({ name: 'Ana', title: 'Parent', message: 'Lovely lessons' });
    expect(res.body.email).toBeUndefined();
    const list = await svc.http().get('/review').expect(200);
    expect(list.body[0]._id).toBe(res.body._id);
  });

  it('when the name is missing, then the review is kept as Anonymous', async () => {
    const res = await svc.http().post('/review').set(fromIp()).send({ message: 'No name here' }).expect(201);
    expect(res.body.name).toBe('Anonymous');
  });

  it.each([
    ['no message', { name: 'a' }, messages.review.messageRequired],
    ['a blank message', { name: 'a', message: '   ' }, messages.review.messageRequired],
    ['a message of 301 characters', { name: 'a', message: 'x'.repeat(301) }, messages.review.messageTooLong],
    ['an invalid email', { name: 'a', message: 'hi', email: 'nope' }, messages.review.emailInvalid],
    ['an operator object as message', { name: 'a', message: { $gt: '' } }, messages.review.messageRequired],
    ['a name of the wrong type', { name: 42, message: 'hi' }, 'Expected text.'],
  ])('when a review has %s, then 400 with a clear message and nothing is stored', async (_case, body, message) => {
    const before = (await svc.http().get('/review').expect(200)).body.length;
    const res = await svc.http().post('/review').set(fromIp()).send(body).expect(400);
    expect(res.body.message).toContain(message);
    expect((await svc.http().get('/review').expect(200)).body).toHaveLength(before);
  });

  it('when one address sends more reviews than allowed, then 429 and the extra one is not stored', async () => {
    const ip = fromIp();
    for (let i = 0; i < 3; i++) await svc.http().post('/review').set(ip).send({ name: 'Spam', message: `m${i}` }).expect(201);
    const res = await svc.http().post('/review').set(ip).send({ name: 'Spam', message: 'one too many' }).expect(429);
    expect(res.body.message).toBe('Too many requests. Please try again later.');
    expect(res.headers['retry-after']).toBeDefined();
    const list = await svc.http().get('/review').expect(200);
    expect(list.body.map((r: { message: string }) => r.message)).not.toContain('one too many');
    await svc.http().post('/review').set(fromIp()).send({ name: 'Other', message: 'another address' }).expect(201);
  });
});
