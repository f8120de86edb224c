import { historyCache } from '../src/data-access/history-cache';
import type { Balance } from '../src/domain/ports';

const balance = (over: Partial<Balance> = {}): Balance => ({
  _id: 'kid@kidslearn.test',
  gems: 2,
  version: 3,
  pendingLine: null,
  pendingBest: null,
  processedEventIds: [],
  createdAt: new Date('2026-03-01T00:00:00.000Z'),
  ...over,
});
const history = { gems: 2, entries: [] };

describe('historyCache (a parent reads a child\'s history again)', () => {
  it('when the balance is still at the version it was read at, then the kept history is used', () => {
    const cache = historyCache();
    cache.set(balance(), 200, history);
    expect(cache.get(balance(), 200)).toBe(history);
  });
  it('when the balance changed since (on any instance: its version moved), then the history is read again', () => {
    const cache = historyCache();
    cache.set(balance(), 200, history);
    expect(cache.get(balance({ version: 4 }), 200)).toBeUndefined();
  });
  it('when the learner was erased and a new balance reached the same version, then the old history is not used', () => {
    const cache = historyCache();
    cache.set(balance(), 200, history);
    expect(cache.get(balance({ createdAt: new Date('2026-03-02T00:00:00.000Z') }), 200)).toBeUndefined();
  });
  it('when another number of lines is asked for, or the learner was forgotten, then it is read again', () => {
    const cache = historyCache();
    cache.set(balance(), 200, history);
    expect(cache.get(balance(), 10)).toBeUndefined();
    cache.delete(balance()._id);
    expect(cache.get(balance(), 200)).toBeUndefined();
  });
});
