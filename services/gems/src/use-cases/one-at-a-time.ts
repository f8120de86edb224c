/**
 * Runs tasks that share a key one after another, in the order they came; tasks with other keys run
 * side by side. Gems decides every change of a balance from a read and a version-guarded write: two
 * events of one learner processed at once make one of them lose the write and start over (at 20
 * redemptions in flight, most of the work was lost races). One gems process writes at a time (the
 * writer lease), so queueing a learner's events in the process removes the races instead of retrying them.
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
