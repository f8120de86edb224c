import type { ReviewView } from '../src/domain/review';
import type { Cache } from '../src/entry-points/http/deps';
import { cachedPublicReviews, dropPublicReviews } from '../src/entry-points/http/reviews-cache';

/** lib-redis's read-through cache over a Map: get, on a miss load, then set (TTLs do not matter here). */
function mapCache(): Cache {
  const store = new Map<string, string>();
  return {
    async getOrLoad<T>(key: string, _ttl: number, loader: () => Promise<T>): Promise<T> {
      const hit = store.get(key);
      if (hit !== undefined) return JSON.parse(hit) as T;
      const value = await loader();
      store.set(key, JSON.stringify(value));
      return value;
    },
    invalidate: async (key: string) => store.delete(key),
  };
}

const review = (id: string): ReviewView => ({ _id: id, name: 'Ana', title: 'Parent', message: 'm', createdAt: '2026-01-01T00:00:00.000Z' });

describe('public reviews cache', () => {
  it('when a read loaded the list just before a review was hidden and stores it just after, then the next read still comes without the hidden review', async () => {
    const cache = mapCache();
    let database = [review('a'), review('b')];
    let releaseSlowLoad: () => void = () => undefined;
    const slowLoad = new Promise<void>((resolve) => (releaseSlowLoad = resolve));

    // A read starts and takes the list from the database before the hide...
    const slowRead = cachedPublicReviews(cache, 30, async () => {
      const snapshot = database;
      await slowLoad;
      return snapshot;
    });
    await new Promise((resolve) => setImmediate(resolve));
    // ...the admin hides "a", and the cache is dropped...
    database = [review('b')];
    await dropPublicReviews(cache);
    // ...then the slow read stores what it loaded.
    releaseSlowLoad();
    expect((await slowRead).map((r) => r._id)).toEqual(['a', 'b']);

    const next = await cachedPublicReviews(cache, 30, async () => database);
    expect(next.map((r) => r._id)).toEqual(['b']);
  });

  it('when nothing changed, then reads are served from the cache', async () => {
    const cache = mapCache();
    let loads = 0;
    const load = async () => (loads++, [review('a')]);
    await cachedPublicReviews(cache, 30, load);
    await cachedPublicReviews(cache, 30, load);
    expect(loads).toBe(1);
    await dropPublicReviews(cache);
    await cachedPublicReviews(cache, 30, load);
    expect(loads).toBe(2);
  });
});
