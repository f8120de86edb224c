import { groupCommit } from '../src/group-commit';

/** A write whose batches are recorded and answered when the test says so. */
function heldWrite() {
  const batches: number[][] = [];
  const pending: Array<{ resolve: (results: string[]) => void; reject: (error: Error) => void; items: number[] }> = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      pending.push({ resolve, reject, items });
    });
  const answer = (n = 0) => pending[n]!.resolve(pending[n]!.items.map((item) => `wrote ${item}`));
  return { write, batches, pending, answer };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('groupCommit', () => {
  it('when the writer is idle, then a write leaves in the same tick, with the others asked for in that tick', async () => {
    const held = heldWrite();
    const commit = groupCommit(held.write);
    const answers = [commit(1), commit(2)];
    await tick();
    expect(held.batches).toEqual([[1, 2]]);
    held.answer();
    await expect(Promise.all(answers)).resolves.toEqual(['wrote 1', 'wrote 2']);
  });

  it('when writes are asked for while a batch is in flight, then they leave together once it is answered', async () => {
    const held = heldWrite();
    const commit = groupCommit(held.write);
    const first = commit(1);
    await tick();
    const later = [commit(2), commit(3), commit(4)];
    await tick();
    expect(held.batches).toEqual([[1]]);
    held.answer(0);
    await expect(first).resolves.toBe('wrote 1');
    await tick();
    expect(held.batches).toEqual([[1], [2, 3, 4]]);
    held.answer(1);
    await expect(Promise.all(later)).resolves.toEqual(['wrote 2', 'wrote 3', 'wrote 4']);
  });

  it('when a batch fails, then its writes are rejected and the next batch is written as usual', async () => {
    const held = heldWrite();
    const commit = groupCommit(held.write);
    const failing = commit(1);
    await tick();
    const next = commit(2);
    held.pending[0]!.reject(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    await tick();
    expect(held.batches).toEqual([[1], [2]]);
    held.answer(1);
    await expect(next).resolves.toBe('wrote 2');
  });

  it('when more writes wait than a batch may hold, then they leave in batches of maxBatch', async () => {
    const held = heldWrite();
    const commit = groupCommit(held.write, { maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5].map((item) => commit(item));
    await tick();
    held.answer(0);
    await tick();
    held.answer(1);
    await tick();
    held.answer(2);
    await expect(Promise.all(answers)).resolves.toHaveLength(5);
    expect(held.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('when the write answers fewer results than items, then every write of that batch is rejected', async () => {
    const commit = groupCommit(async (items: number[]) => items.slice(1).map(String));
    await expect(Promise.all([commit(1), commit(2)])).rejects.toThrow('answered 1 results for 2 writes');
  });
});
