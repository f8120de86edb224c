export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface WaitResult {
  ok: boolean;
  lastError?: string;
}

/**
 * Polls `check` until it resolves, `timeoutMs` passes or `abort()` says to stop (e.g. the process died).
 * Never hangs: each check is raced against the remaining time.
 */
export async function waitUntil(
  check: () => Promise<void>,
  { timeoutMs, intervalMs = 500, abort }: { timeoutMs: number; intervalMs?: number; abort?: () => boolean },
): Promise<WaitResult> {
  const deadline = Date.now() + timeoutMs;
  let lastError: string | undefined;
  while (Date.now() < deadline) {
    if (abort?.()) return { ok: false, lastError };
    try {
      await withTimeout(check(), Math.max(1, deadline - Date.now()));
      return { ok: true };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())));
  }
  return { ok: false, lastError };
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms}ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
