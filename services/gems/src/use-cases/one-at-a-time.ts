/**
 * Runs tasks that share a key one after another, in the order they came; tasks with other keys run
 * side by side. An optimisation, not a condition of correctness: every change of a balance is a read and a
 * version-guarded write decided by the database, so two events of one learner processed at once (here, or on
 * another instance) make one of them lose its write and decide again. Queueing a learner's events within this
 * process avoids those lost races (at 20 redemptions in flight, most of the work was lost races).
 */
export function oneAtATimePerKey() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    // The next task of the key waits for this one to settle, however it ends.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
export type OneAtATime = ReturnType<typeof oneAtATimePerKey>;
