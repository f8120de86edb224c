// The admin's search of the pending list on the real database, with more parcels than one page holds: each
// test arranges its own parcels (written as the service stores them) and finds them on the server.
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { tokenFor } from '@kidslearn/lib-testkit';
import { redemptionModel } from '../src/data-access/redemption-model';
import { messages } from '../src/messages';
import { address, call, deleteQueues, isolateBroker, releaseBroker, startGifts, uniqueDbUrl, type RunningGifts } from './harness';

let gifts: RunningGifts;
let admin: string;

beforeAll(async () => {
  await isolateBroker();
  gifts = await startGifts({ mongoUrl: uniqueDbUrl('gifts-search') });
  admin = await tokenFor('admin@kidslearn.test', 'Admin1234');
}, 120_000);

afterAll(async () => {
  await gifts?.db.dropDatabase();
  await gifts?.stop();
  await (gifts && deleteQueues(gifts.serviceName));
  await releaseBroker();
});

interface Page {
  items: { _id: string; giftName: string; email: string; address: { name: string; city: string } }[];
  total: number;
  matches: number;
  nextCursor: string | null;
}

const PAGE = 100;
let clock = Date.parse('2026-01-05T08:00:00.000Z');

/** Writes pending parcels, oldest first in the order given (a school's backlog, without a debit for each). */
async function pendingParcels(count: number, make: (i: number) => { giftName?: string; email?: string; name?: string; city?: string; status?: string }) {
  const docs = Array.from({ length: count }, (_, i) => {
    const p = make(i);
    const _id = new Types.ObjectId();
    clock += 1000;
    return {
      _id,
      email: p.email ?? `pupil-${randomUUID().slice(0, 8)}@school.test`,
      giftId: 'stickers',
      giftName: p.giftName ?? 'Sticker Pack',
      giftImg: '/assets/gifts/stickers.svg',
      cost: 5,
      address: { ...address, name: p.name ?? 'Sam Pupil', city: p.city ?? 'Mathtown' },
      status: p.status ?? 'pending-delivery',
      deliveryStatus: p.status === 'delivered',
      idempotencyKey: `auto:${_id.toString()}`,
      createdAt: new Date(clock),
    };
  });
  await redemptionModel(gifts.db).insertMany(docs);
  return docs.map((doc) => doc._id.toString());
}

const page = async (query: string): Promise<Page> => {
  const res = await call(gifts.url, 'GET', `/redemptions?limit=${PAGE}&${query}`, admin);
  expect(res.status).toBe(200);
  return res.body as Page;
};

/** Every page of a search, following nextCursor with the same q. */
async function allPages(q: string): Promise<{ ids: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    pages.push(await page(`q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`));
    cursor = pages.at(-1)!.nextCursor;
  } while (cursor && pages.length < 10);
  return { ids: pages.flatMap((p) => p.items.map((item) => item._id)), pages };
}

describe("the admin's search of pending parcels (more than one page)", () => {
  it('when the admin searches by gift, recipient, city or email, then the one parcel past the first page is found, any case, with its count', async () => {
    const tag = randomUUID().slice(0, 6);
    await pendingParcels(PAGE + 20, () => ({}));
    const [wanted] = await pendingParcels(1, () => ({ giftName: `Robot Kit ${tag}`, name: `Zoë O'Brien ${tag}`, city: `Åsby-${tag}`, email: `zoe.o+${tag}@school.test` }));
    const first = await page('');
    expect(first.items.map((item) => item._id)).not.toContain(wanted);
    expect(first.nextCursor).not.toBeNull();

    for (const q of [`robot kit ${tag}`, `ZOË O'BRIEN ${tag}`, `åsby-${tag.toUpperCase()}`, `ZOE.O+${tag}@`]) {
      const found = await page(`q=${encodeURIComponent(q)}`);
      expect({ q, ids: found.items.map((item) => item._id), matches: found.matches, nextCursor: found.nextCursor }).toEqual({ q, ids: [wanted], matches: 1, nextCursor: null });
      expect(found.total).toBe(first.total);
    }
  });

  it('when a search matches more than a page, then the cursor continues the same search, oldest first, each match once, delivered ones left out', async () => {
    const city = `Pagetown ${randomUUID().slice(0, 6)}`;
    const ids = await pendingParcels(PAGE + 30, (i) => ({ city: i % 2 === 0 ? city : 'Elsewhere' }));
    await pendingParcels(1, () => ({ city, status: 'delivered' }));
    const inCity = ids.filter((_, i) => i % 2 === 0);
    const later = await pendingParcels(PAGE + 30 - inCity.length, () => ({ city: city.toLowerCase() }));
    const wanted = [...inCity, ...later];

    const { ids: found, pages } = await allPages(city);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => p.matches)).toEqual([wanted.length, wanted.length]);
    expect(found).toEqual(wanted);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it.each([
    ['.*', 'any text'],
    ['(a+)+$', 'a backtracking pattern'],
    ['[a-z]', 'a character class'],
  ])('when q is %j (%s), then it is taken as text: no parcel contains it, so none is found', async (q) => {
    await pendingParcels(3, () => ({ name: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }));
    const found = await page(`q=${encodeURIComponent(q)}`);
    expect(found).toMatchObject({ items: [], matches: 0, nextCursor: null });
    expect(found.total).toBeGreaterThan(0);
  });

  it.each([
    ['a q over 100 characters', `q=${'x'.repeat(101)}`],
    ['a repeated q', 'q=a&q=b'],
  ])('when the search is %s, then it answers 400 with a message that says why', async (_case, query) => {
    const res = await call(gifts.url, 'GET', `/redemptions?${query}`, admin);
    expect(res).toMatchObject({ status: 400, body: { message: messages.badSearch(100) } });
  });

  it('when someone not logged in searches the pending list, then it is refused', async () => {
    expect((await call(gifts.url, 'GET', '/redemptions?q=a')).status).toBe(401);
  });
});
