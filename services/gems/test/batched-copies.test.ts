import { batchedCopies } from '../src/data-access/batched-copies';

/** A writer that records each batch and resolves when the test says so (or at once). */
function recordingWriter(hold = false) {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const writeMany = (items: string[]) => {
    batches.push(items);
    return hold ? new Promise<void>((resolve) => releases.push(resolve)) : Promise.resolve();
  };
  return { batches, releases, writeMany };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('batchedCopies (ledger lines and lesson bests copied from the balance)', () => {
  it('when copies are asked within the delay, then they are written together in one batch', async () => {
    const writer = recordingWriter();
    const copy = batchedCopies((item: string) => item, writer.writeMany, { delayMs: 30 });
    await Promise.all([copy('a'), copy('b'), copy('c')]);
    expect(writer.batches).toEqual([['a', 'b', 'c']]);
  });

  it('when a copy is already written, then asking again writes nothing', async () => {
    const writer = recordingWriter();
    const copy = batchedCopies((item: string) => item, writer.writeMany, { delayMs: 5 });
    await copy('a');
    await copy('a', { urgent: true });
    expect(writer.batches).toEqual([['a']]);
  });

  it('when written keys are forgotten by prefix, then those are written again when asked and the others are not', async () => {
    const writer = recordingWriter();
    const copy = batchedCopies((item: string) => item, writer.writeMany, { delayMs: 5 });
    await Promise.all([copy('ann\nlesson-1'), copy('bob\nlesson-1')]);
    copy.forget('ann\n');
    await copy('ann\nlesson-1', { urgent: true });
    await copy('bob\nlesson-1', { urgent: true });
    expect(writer.batches).toEqual([['ann\nlesson-1', 'bob\nlesson-1'], ['ann\nlesson-1']]);
  });

  it('when a waiting copy is asked for urgently, then what waits is written at once, not after the delay', async () => {
    const writer = recordingWriter();
    const copy = batchedCopies((item: string) => item, writer.writeMany, { delayMs: 60_000 });
    const background = copy('line-1');
    void copy('line-2');
    await tick();
    expect(writer.batches).toEqual([]);
    await copy('line-1', { urgent: true });
    await background;
    expect(writer.batches).toEqual([['line-1', 'line-2']]);
  });

  it('when a batch fails, then its copies reject and are written again when asked next', async () => {
    let fail = true;
    const batches: string[][] = [];
    const copy = batchedCopies(
      (item: string) => item,
      async (items) => {
        batches.push(items);
        if (fail) throw new Error('database away');
      },
      { delayMs: 5 },
    );
    await expect(copy('a')).rejects.toThrow('database away');
    fail = false;
    await copy('a', { urgent: true });
    expect(batches).toEqual([['a'], ['a']]);
  });

  it('when idle is awaited, then what waits is written now and idle resolves once it is', async () => {
    const writer = recordingWriter(true);
    const copy = batchedCopies((item: string) => item, writer.writeMany, { delayMs: 60_000 });
    void copy('a');
    let idle = false;
    const waiting = copy.idle().then(() => (idle = true));
    await tick();
    expect(writer.batches).toEqual([['a']]);
    expect(idle).toBe(false);
    writer.releases.forEach((release) => release());
    await waiting;
    expect(idle).toBe(true);
  });

  it('when more copies than a batch holds are asked, then a full batch is written without waiting', async () => {
    const writer = recordingWriter();
    const copy = batchedCopies((item: string) => item, writer.writeMany, { delayMs: 60_000, maxBatch: 2 });
    await Promise.all([copy('a'), copy('b')]);
    expect(writer.batches).toEqual([['a', 'b']]);
  });
});
