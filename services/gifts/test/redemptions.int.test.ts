import { createLearner, signIn, type TokenSource } from '@kidslearn/lib-testkit';
import { messages } from '../src/messages';
import { address, call, creditGems, deleteQueues, isolateBroker, releaseBroker, eventually, startGems, startGifts, uniqueDbUrl, type RunningGifts } from './harness';

type Learner = { email: string; token: string };

let gifts: RunningGifts;
let gems: Awaited<ReturnType<typeof startGems>>;
let admin: TokenSource;

beforeAll(async () => {
  await isolateBroker();
  gems = await startGems();
  gifts = await startGifts({ mongoUrl: uniqueDbUrl('gifts') });
  admin = await signIn('admin@kidslearn.test', 'Admin1234');
}, 120_000);

afterAll(async () => {
  await gifts?.db.dropDatabase();
  await gifts?.stop();
  await gems?.stop();
  await Promise.all([gifts && deleteQueues(gifts.serviceName), gems && deleteQueues(gems.serviceName)]);
  await releaseBroker();
});

const balanceOf = async (l: Learner) => (await call(gems.url, 'GET', `/gems/${encodeURIComponent(l.email)}`, l.token)).body.gems as number;
const mine = async (l: Learner) => (await call(gifts.url, 'GET', '/redemptions/mine', l.token)).body as { _id: string; status: string }[];
const redeem = (l: Learner, giftId: string, headers: Record<string, string> = {}) => call(gifts.url, 'POST', '/redemptions', l.token, { giftId, address }, headers);

async function learnerWith(gemsAmount: number): Promise<Learner> {
  const learner = await createLearner();
  if (gemsAmount > 0) {
    await creditGems(learner.email, gemsAmount);
    expect(await eventually(() => balanceOf(learner), (b) => b === gemsAmount)).toBe(gemsAmount);
  }
  return learner;
}

describe('catalog', () => {
  it('when anyone lists the gifts, then GET /gifts and GET /Gift.json answer the same catalog with one unpriced gift', async () => {
    const a = await call(gifts.url, 'GET', '/gifts');
    const b = await call(gifts.url, 'GET', '/Gift.json');
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.length).toBeGreaterThanOrEqual(8);
    expect(a.body.find((g: { id: string }) => g.id === 'telescope')).not.toHaveProperty('cost');
  });

  it('when the catalog is listed, then every image is an absolute URL on PUBLIC_URL that this service serves', async () => {
    const { body } = await call(gifts.url, 'GET', '/gifts');
    for (const gift of body as { img: string }[]) {
      expect(gift.img).toMatch(/^http:\/\/localhost:4000\/assets\/gifts\/[a-z-]+\.svg$/);
      const served = await fetch(`${gifts.url}${new URL(gift.img).pathname}`);
      expect(served.status).toBe(200);
    }
  });

  it('when a gift image is fetched, then the service serves its SVG, embeddable by the portal on another origin', async () => {
    const res = await fetch(`${gifts.url}/assets/gifts/robot-kit.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('when the OpenAPI document is fetched, then it lists the routes', async () => {
    const res = await call(gifts.url, 'GET', '/openapi.json');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/gifts', '/redemptions', '/redemptions/mine', '/redemptions/{id}/delivery']));
  });
});

describe('redeeming', () => {
  it('when the learner has too few gems, then the redemption is rejected and the balance is unchanged', async () => {
    const learner = await learnerWith(4);
    const res = await redeem(learner, 'crayons');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: messages.notEnoughGems, gems: 4 });
    expect(await balanceOf(learner)).toBe(4);
    expect((await mine(learner)).map((r) => r.status)).toEqual(['rejected']);
    const pending = await call(gifts.url, 'GET', '/redemptions', admin.token);
    expect(pending.body.some((r: { email: string }) => r.email === learner.email)).toBe(false);
  });

  it('when the client sends a cost and an email, then the catalog cost and the token email are used', async () => {
    const learner = await learnerWith(10);
    const res = await call(gifts.url, 'POST', '/redemptions', learner.token, { giftId: 'stickers', address, cost: 1, email: 'thief@kidslearn.test', giftName: 'X' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ gems: 5, redemption: { cost: 5, email: learner.email, giftName: 'Sticker Pack', status: 'pending-delivery', deliveryStatus: false } });
    expect(await balanceOf(learner)).toBe(5);
  });

  it('when 50 redemptions race and the balance covers only 7, then exactly 7 succeed and the balance ends at the remainder', async () => {
    const learner = await learnerWith(36); // stickers cost 5: 7 × 5 = 35, remainder 1
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(learner, 'stickers')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => [201, 202, 400].includes(s))).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(7);
    const settled = await eventually(() => mine(learner), (rs) => rs.length === 50 && rs.every((r) => r.status !== 'requested'), 60_000);
    expect(settled.filter((r) => r.status === 'pending-delivery')).toHaveLength(7);
    expect(settled.filter((r) => r.status === 'rejected')).toHaveLength(43);
    expect(await balanceOf(learner)).toBe(1);
  }, 120_000);

  it('when a request is retried with the same Idempotency-Key, then there is one redemption and one debit', async () => {
    const learner = await learnerWith(10);
    const first = await redeem(learner, 'stickers', { 'Idempotency-Key': 'retry-1' });
    const again = await Promise.all([1, 2, 3].map(() => redeem(learner, 'stickers', { 'Idempotency-Key': 'retry-1' })));
    expect(first.status).toBe(201);
    for (const a of again) {
      expect(a.status).toBe(201);
      expect(a.body.redemption._id).toBe(first.body.redemption._id);
    }
    expect(await mine(learner)).toHaveLength(1);
    expect(await balanceOf(learner)).toBe(5);
    const reused = await redeem(learner, 'crayons', { 'Idempotency-Key': 'retry-1' });
    expect(reused).toMatchObject({ status: 409, body: { message: messages.idempotencyKeyReused } });
  });
});

describe('delivery', () => {
  it('when an admin marks a pending parcel delivered, then it is delivered once and leaves the pending list', async () => {
    const learner = await learnerWith(10);
    const { body } = await redeem(learner, 'stickers');
    const id = body.redemption._id as string;
    const pending = await call(gifts.url, 'GET', '/redemptions', admin.token);
    expect(pending.body.find((r: { _id: string }) => r._id === id)).toMatchObject({ _id: id, giftImg: 'http://localhost:4000/assets/gifts/stickers.svg', address, deliveryStatus: false });

    const both = await Promise.all([1, 2].map(() => call(gifts.url, 'PATCH', `/redemptions/${id}/delivery`, admin.token, { deliveryStatus: true })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const deliveredAt = both[0]!.body.redemption.updatedAt as string;
    expect(both.map((r) => r.body.redemption)).toEqual([1, 2].map(() => expect.objectContaining({ status: 'delivered', deliveryStatus: true, updatedAt: deliveredAt })));
    const third = await call(gifts.url, 'PATCH', `/redemptions/${id}/delivery`, admin.token, { deliveryStatus: true });
    expect(third).toMatchObject({ status: 200, body: { redemption: { status: 'delivered', updatedAt: deliveredAt } } });
    const after = await call(gifts.url, 'GET', '/redemptions', admin.token);
    expect(after.body.some((r: { _id: string }) => r._id === id)).toBe(false);
  });

  it('when an admin pages the pending list, then it comes oldest first in bounded pages with a total and a cursor, delivered ones left out', async () => {
    const learner = await learnerWith(15);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await redeem(learner, 'stickers')).body.redemption._id as string);
    await call(gifts.url, 'PATCH', `/redemptions/${ids[1]}/delivery`, admin.token, { deliveryStatus: true });

    const seen: { _id: string; email: string }[] = [];
    let cursor: string | null = null;
    let total = -1;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await call(gifts.url, 'GET', `/redemptions${query}`, admin.token);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      total = page.body.total as number;
      seen.push(...(page.body.items as { _id: string; email: string }[]));
      cursor = page.body.nextCursor as string | null;
    } while (cursor);

    const all = (await call(gifts.url, 'GET', '/redemptions', admin.token)).body as { _id: string }[];
    expect(seen.map((r) => r._id)).toEqual(all.map((r) => r._id));
    expect(seen).toHaveLength(total);
    expect(seen.filter((r) => r.email === learner.email).map((r) => r._id)).toEqual([ids[0], ids[2]]);
  });

  it.each([['limit=0'], ['limit=101'], ['limit=abc'], ['limit=2.5'], ['cursor=bm9wZQ']])(
    'when the pending list is asked with %s, then it answers 400 with a clear message',
    async (query) => {
      const res = await call(gifts.url, 'GET', `/redemptions?${query}`, admin.token);
      expect(res.status).toBe(400);
      expect([messages.badPageLimit(100), messages.badCursor]).toContain(res.body.message);
    },
  );

  it('when an admin tries to deliver a rejected redemption, then it is refused', async () => {
    const learner = await learnerWith(0);
    const { body } = await redeem(learner, 'stickers');
    const res = await call(gifts.url, 'PATCH', `/redemptions/${body.redemption._id}/delivery`, admin.token, { deliveryStatus: true });
    expect(res).toMatchObject({ status: 409, body: { message: messages.rejectedCannotDeliver } });
  });
});

describe('authorisation matrix', () => {
  let learner: Learner;
  let other: Learner;
  let pendingId: string;

  beforeAll(async () => {
    learner = await learnerWith(10);
    other = await createLearner();
    pendingId = (await redeem(learner, 'stickers')).body.redemption._id;
  }, 60_000);

  const tokens = () => ({ anonymous: undefined, learner: learner.token, other: other.token, admin: admin.token, forged: `${learner.token.slice(0, -4)}abcd` });

  it.each([
    ['GET', '/gifts', { anonymous: 200, learner: 200, other: 200, admin: 200, forged: 200 }],
    ['GET', '/Gift.json', { anonymous: 200, learner: 200, other: 200, admin: 200, forged: 200 }],
    ['GET', '/redemptions', { anonymous: 401, learner: 403, other: 403, admin: 200, forged: 401 }],
    ['GET', '/redemptions/mine', { anonymous: 401, learner: 200, other: 200, admin: 403, forged: 401 }],
  ])('when %s %s is called by each kind of caller, then each gets its status', async (method, path, expected) => {
    for (const [who, token] of Object.entries(tokens())) {
      const res = await call(gifts.url, method, path, token);
      expect({ who, status: res.status }).toEqual({ who, status: expected[who as keyof typeof expected] });
    }
  });

  it('when each caller lists their own redemptions, then they see only their own', async () => {
    expect((await mine(learner)).map((r) => r._id)).toEqual([pendingId]);
    expect(await mine(other)).toEqual([]);
  });

  it('when anyone but a learner redeems, then it is refused with the login message and nothing is written', async () => {
    const t = tokens();
    const anon = await call(gifts.url, 'POST', '/redemptions', undefined, { giftId: 'stickers', address });
    expect(anon).toMatchObject({ status: 401, body: { message: messages.loginToRedeem } });
    expect((await call(gifts.url, 'POST', '/redemptions', t.forged, { giftId: 'stickers', address })).status).toBe(401);
    expect((await call(gifts.url, 'POST', '/redemptions', admin.token, { giftId: 'stickers', address })).status).toBe(403);
    expect((await call(gifts.url, 'GET', '/redemptions', admin.token)).body.filter((r: { email: string }) => r.email === 'admin@kidslearn.test')).toEqual([]);
    expect(await mine(learner)).toHaveLength(1);
  });

  it('when anyone but an admin marks a parcel delivered, then it is refused and the parcel stays pending', async () => {
    // A parcel of its own: this test ends by delivering it.
    const owner = await learnerWith(5);
    const parcelId = (await redeem(owner, 'stickers')).body.redemption._id as string;
    const t = { ...tokens(), learner: owner.token, forged: `${owner.token.slice(0, -4)}abcd` };
    for (const [who, token, status] of [['anonymous', t.anonymous, 401], ['learner', t.learner, 403], ['other', t.other, 403], ['forged', t.forged, 401]] as const) {
      const res = await call(gifts.url, 'PATCH', `/redemptions/${parcelId}/delivery`, token, { deliveryStatus: true });
      expect({ who, status: res.status }).toEqual({ who, status });
    }
    expect(await mine(owner)).toEqual([expect.objectContaining({ _id: parcelId, status: 'pending-delivery', deliveryStatus: false })]);
    expect((await call(gifts.url, 'PATCH', `/redemptions/${parcelId}/delivery`, admin.token, { deliveryStatus: true })).status).toBe(200);
  });
});

describe('bad input', () => {
  let learner: Learner;
  beforeAll(async () => {
    learner = await learnerWith(20);
  }, 60_000);
  /** Each refusal is checked where it happens, so any one test shows it alone. */
  const expectNothingWritten = async () => {
    expect(await mine(learner)).toEqual([]);
    expect(await balanceOf(learner)).toBe(20);
  };

  const { name: _name, ...noName } = address;
  it.each([
    ['no body', undefined, 400, messages.fillRequiredFields],
    ['no address', { giftId: 'stickers' }, 400, messages.fillRequiredFields],
    ['a missing name', { giftId: 'stickers', address: noName }, 400, messages.fillRequiredFields],
    ['a blank city', { giftId: 'stickers', address: { ...address, city: '  ' } }, 400, messages.fillRequiredFields],
    ['a numeric phone', { giftId: 'stickers', address: { ...address, phone: 5551234 } }, 400, messages.fillRequiredFields],
    ['an operator as name', { giftId: 'stickers', address: { ...address, name: { $ne: null } } }, 400, messages.fillRequiredFields],
    ['an operator as giftId', { giftId: { $gt: '' }, address }, 400, messages.giftIdRequired],
    ['an array as giftId', { giftId: ['stickers'], address }, 400, messages.giftIdRequired],
    ['too long notes', { giftId: 'stickers', address: { ...address, notes: 'x'.repeat(501) } }, 400, messages.fieldTooLong('notes', 500)],
    ['an unknown gift', { giftId: 'unicorn', address }, 404, messages.giftNotFound],
    ['a gift without a price', { giftId: 'telescope', address }, 400, messages.priceNotSet],
  ])('when the learner redeems with %s, then the answer is refused with a message, nothing is written and no gem is spent', async (_case, body, status, message) => {
    const res = await call(gifts.url, 'POST', '/redemptions', learner.token, body);
    expect(res).toMatchObject({ status, body: { message } });
    await expectNothingWritten();
  });

  it('when the body is not JSON, is oversize or the Idempotency-Key is malformed, then it is refused, nothing is written and no gem is spent', async () => {
    expect((await call(gifts.url, 'POST', '/redemptions', learner.token, '{"giftId":')).status).toBe(400);
    expect((await call(gifts.url, 'POST', '/redemptions', learner.token, { giftId: 'stickers', address: { ...address, notes: 'x'.repeat(200_000) } })).status).toBe(413);
    const badKey = await redeem(learner, 'stickers', { 'Idempotency-Key': 'has spaces in it' });
    expect(badKey).toMatchObject({ status: 400, body: { message: messages.badIdempotencyKey } });
    await expectNothingWritten();
  });

  it.each([
    ['deliveryStatus false', 'aaaaaaaaaaaaaaaaaaaaaaaa', { deliveryStatus: false }, 400],
    ['deliveryStatus as text', 'aaaaaaaaaaaaaaaaaaaaaaaa', { deliveryStatus: 'true' }, 400],
    ['no body', 'aaaaaaaaaaaaaaaaaaaaaaaa', undefined, 400],
    ['an unknown id', 'aaaaaaaaaaaaaaaaaaaaaaaa', { deliveryStatus: true }, 404],
    ['a malformed id', 'not-an-id', { deliveryStatus: true }, 404],
    ['an operator id', encodeURIComponent('{"$gt":""}'), { deliveryStatus: true }, 404],
  ])('when an admin marks delivered with %s, then it is refused', async (_case, id, body, status) => {
    const res = await call(gifts.url, 'PATCH', `/redemptions/${id}/delivery`, admin.token, body);
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
  });
});
