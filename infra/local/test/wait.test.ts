import { waitUntil, withTimeout } from '../src/wait';

describe('waitUntil', () => {
  it('when the check passes after a few tries, then it reports ok', async () => {
    let tries = 0;
    const result = await waitUntil(async () => {
      tries += 1;
      if (tries < 3) throw new Error('not yet');
    }, { timeoutMs: 2000, intervalMs: 10 });
    expect(result).toEqual({ ok: true });
  });

  it('when the check never passes, then it gives up at the timeout with the last reason', async () => {
    const startedAt = Date.now();
    const result = await waitUntil(() => Promise.reject(new Error('connection refused')), { timeoutMs: 200, intervalMs: 20 });
    expect(result).toEqual({ ok: false, lastError: 'connection refused' });
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });

  it('when a check hangs, then the wait still ends at the timeout', async () => {
    const result = await waitUntil(() => new Promise<void>(() => undefined), { timeoutMs: 150 });
    expect(result.ok).toBe(false);
    expect(result.lastError).toMatch(/timed out/);
  });

  it('when abort says the process died, then it stops waiting at once', async () => {
    const result = await waitUntil(() => Promise.reject(new Error('down')), { timeoutMs: 10_000, abort: () => true });
    expect(result.ok).toBe(false);
  });
});

describe('withTimeout', () => {
  it('when the promise settles in time, then its value comes through', async () => {
    await expect(withTimeout(Promise.resolve(7), 100)).resolves.toBe(7);
  });
});
