import { createLearner, signIn, type TokenSource } from '@kidslearn/lib-testkit';
import { eventually, scoredEvent, startServices, type Started } from '../../quiz/test/support/harness';
import { call } from '../../quiz/test/support/http';

let s: Started;
let a: { email: string; token: string };
let b: { email: string; token: string };
let admin: TokenSource;

beforeAll(async () => {
  s = await startServices({ gems: true });
  [a, b, admin] = await Promise.all([createLearner(), createLearner(), signIn('admin@kidslearn.test', 'Admin1234')]);
  await s.publish(scoredEvent(a.email, 'lesson-a', 2));
  await s.publish(scoredEvent(a.email, 'lesson-b', 2));
  await eventually(async () => (await call('GET', `${s.gemsUrl}/gems/${a.email}`, { token: admin.token })).body.gems === 4);
});
afterAll(async () => {
  await s?.stop();
});

const balanceOfA = async () => (await call('GET', `${s.gemsUrl}/gems/${a.email}`, { token: admin.token })).body.gems as number;
const deduct = (token: string | undefined, body: unknown, email = a.email) => call('PATCH', `${s.gemsUrl}/gems/${encodeURIComponent(email)}/deduct`, { token, body });

describe.each(['', '/ledger'])('GET /gems/{email}%s', (suffix) => {
  const get = (token: string | undefined, email = a.email) => call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(email)}${suffix}`, { token });

  it('when nobody is signed in, then 401', async () => {
    expect((await get(undefined)).status).toBe(401);
  });
  it('when the learner asks for their own, then 200', async () => {
    const reply = await get(a.token);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ email: a.email, gems: expect.any(Number) });
  });
  it("when another learner asks for someone else's, then 403", async () => {
    expect((await get(b.token)).status).toBe(403);
  });
  it('when an admin asks, then 200', async () => {
    expect((await get(admin.token)).status).toBe(200);
  });
  it('when the email is written in capitals, then it is the same learner', async () => {
    expect((await get(a.token, a.email.toUpperCase())).body.email).toBe(a.email);
  });
  it('when the email is not an email, then 400', async () => {
    expect((await get(admin.token, 'not-an-email')).status).toBe(400);
  });
  it('when the learner has no balance yet, then it is 0', async () => {
    expect((await get(b.token, b.email)).body.gems).toBe(0);
  });
});

describe('PATCH /gems/{email}/deduct (admin-only manual adjustment)', () => {
  it('when a non-admin tries, then 401 or 403 and the balance is unchanged', async () => {
    const before = await balanceOfA();
    expect((await deduct(undefined, { cost: 1 })).status).toBe(401);
    expect((await deduct(a.token, { cost: 1 })).status).toBe(403);
    expect((await deduct(b.token, { cost: 1 })).status).toBe(403);
    expect(await balanceOfA()).toBe(before);
  });

  const bad: [string, unknown][] = [
    ['cost is missing', {}],
    ['cost is a string', { cost: '1' }],
    ['cost is negative', { cost: -1 }],
    ['cost is zero', { cost: 0 }],
    ['cost is a fraction', { cost: 1.5 }],
    ['cost is an operator', { cost: { $gt: '' } }],
    ['cost is huge', { cost: 1e12 }],
  ];
  it.each(bad)('when %s, then 400 with a message and the balance is unchanged', async (_name, body) => {
    const before = await balanceOfA();
    const reply = await deduct(admin.token, body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toEqual(expect.any(String));
    expect(await balanceOfA()).toBe(before);
  });

  it('when the email is malformed, then 400', async () => {
    expect((await deduct(admin.token, { cost: 1 }, 'x@')).status).toBe(400);
  });

  it('when the balance does not cover the cost, then 409 Not enough gems and nothing changes', async () => {
    const before = await balanceOfA();
    const reply = await deduct(admin.token, { cost: before + 1 });
    expect(reply).toMatchObject({ status: 409, body: { message: 'Not enough gems' } });
    expect(await balanceOfA()).toBe(before);
  });

  it('when the learner has no balance yet, then 409 Not enough gems and no balance is created for the email', async () => {
    const reply = await deduct(admin.token, { cost: 1 }, b.email);
    expect(reply).toMatchObject({ status: 409, body: { message: 'Not enough gems' } });
    expect(await s.gemsDb!.collection('balances').findOne({ _id: b.email as never })).toBeNull();
  });

  it('when an admin deducts a covered cost, then the new balance is returned and the ledger shows the adjustment', async () => {
    const before = await balanceOfA();
    const reply = await deduct(admin.token, { cost: 1 });
    expect(reply).toMatchObject({ status: 200, body: { gems: before - 1 } });
    const ledger = (await call('GET', `${s.gemsUrl}/gems/${a.email}/ledger`, { token: a.token })).body;
    expect(ledger.entries.at(-1)).toMatchObject({ kind: 'adjustment', amount: -1, balance: before - 1 });
    expect(ledger.entries.reduce((sum: number, e: { amount: number }) => sum + e.amount, 0)).toBe(ledger.gems);
  });

  it('when the same Idempotency-Key is sent twice, then the deduction happens once', async () => {
    const before = await balanceOfA();
    const key = `k-${Date.now()}`;
    const first = await call('PATCH', `${s.gemsUrl}/gems/${a.email}/deduct`, { token: admin.token, body: { cost: 1 }, headers: { 'idempotency-key': key } });
    const second = await call('PATCH', `${s.gemsUrl}/gems/${a.email}/deduct`, { token: admin.token, body: { cost: 1 }, headers: { 'idempotency-key': key } });
    expect(first.body).toEqual(second.body);
    expect(await balanceOfA()).toBe(before - 1);
  });
});

describe('GET /openapi.json', () => {
  it('when asked, then the document lists the routes', async () => {
    const reply = await call('GET', `${s.gemsUrl}/openapi.json`);
    expect(Object.keys(reply.body.paths)).toEqual(['/gems/{email}', '/gems/{email}/ledger', '/gems/{email}/deduct', '/learner-data/{email}', '/family/children/{linkId}/gems']);
  });
});
