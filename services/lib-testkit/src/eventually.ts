/** Polls `probe` until it stops throwing (or returns truthy), or fails with its last error. */
export async function eventually<T>(probe: () => Promise<T> | T, { timeoutMs = 10_000, intervalMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = new Error('eventually: timed out');
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== false && value !== undefined && value !== null) return value;
      lastError = new Error('eventually: condition still false');
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw lastError;
}
