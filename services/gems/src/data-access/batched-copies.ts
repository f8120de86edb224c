/**
 * Copies written in batches, once per key in this process. A balance change keeps its ledger line and raised
 * lesson best in the balance document (pending) and copies them to their collections afterwards; nobody waits for
 * those copies on the hot path, so the copies of `delayMs` are written together: one database command for many
 * learners' lines instead of one each. Whoever must see a copy written (the learner's next change, an erasure)
 * asks with `urgent`, and what waits is written at once.
 *
 * A key already written is skipped, one being written is waited for (an optimisation: every copy is idempotent,
 * so another instance writing it again changes nothing). A failed batch is not remembered as written: the next
 * change of the balance copies its pending line and best again.
 */
export interface BatchedCopies<T> {
  (item: T, options?: { urgent?: boolean }): Promise<void>;
  /** Writes what waits now and resolves once every copy under way has ended (however it ended). */
  idle(): Promise<void>;
  /** Forgets that the keys starting with `prefix` were written (their rows were deleted: a copy must be written again). */
  forget(prefix: string): void;
}

export interface BatchedCopiesOptions {
  /** How long a copy waits for others to join its batch (default 100 ms). */
  delayMs?: number;
  /** A batch this large is written at once (default 200). */
  maxBatch?: number;
}

export function batchedCopies<T>(keyOf: (item: T) => string, writeMany: (items: T[]) => Promise<void>, { delayMs = 100, maxBatch = 200 }: BatchedCopiesOptions = {}): BatchedCopies<T> {
  const copied = new Set<string>();
  const copying = new Map<string, Promise<void>>();
  let waiting: { key: string; item: T; settle: (failure: { error: unknown } | null) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;

  const writeWaiting = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    writeMany(batch.map(({ item }) => item)).then(
      () => {
        if (copied.size + batch.length > 10_000) copied.clear();
        for (const { key, settle } of batch) {
          copied.add(key);
          settle(null);
        }
      },
      (error: unknown) => batch.forEach(({ settle }) => settle({ error })),
    );
  };

  const copy = async (item: T, { urgent = false }: { urgent?: boolean } = {}) => {
    const key = keyOf(item);
    if (copied.has(key)) return;
    const running = copying.get(key);
    if (running) {
      if (urgent && waiting.some((queued) => queued.key === key)) writeWaiting();
      return running;
    }
    const written = new Promise<void>((resolve, reject) => waiting.push({ key, item, settle: (failure) => (failure ? reject(failure.error) : resolve()) }));
    copying.set(key, written);
    if (urgent || waiting.length >= maxBatch) writeWaiting();
    else if (!timer) {
      timer = setTimeout(writeWaiting, delayMs);
      timer.unref();
    }
    try {
      await written;
    } finally {
      copying.delete(key);
    }
  };

  return Object.assign(copy, {
    async idle() {
      writeWaiting();
      await Promise.allSettled([...copying.values()]);
    },
    forget(prefix: string) {
      for (const key of copied) if (key.startsWith(prefix)) copied.delete(key);
    },
  });
}
