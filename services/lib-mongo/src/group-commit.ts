/**
 * Group commit: the writes asked for while a batch is on its way to the database go together in the next batch, as
 * one command. Nothing waits on a timer: an idle writer's write leaves in the same tick (with whatever else that tick
 * asked for); under load each round trip carries what arrived during the previous one, so the commands per write
 * fall as the load rises. `write` gets the items in the order they were asked for and answers one result per item.
 * A failed batch rejects its own items only; the next batch is written as usual.
 */
export function groupCommit<T, R>(write: (items: T[]) => Promise<R[]>, { maxBatch = 500 }: { maxBatch?: number } = {}): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let draining = false;

  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await write(batch.map((waiting) => waiting.item));
        if (results.length !== batch.length) throw new Error(`a group commit answered ${results.length} results for ${batch.length} writes`);
        batch.forEach((waiting, i) => waiting.resolve(results[i]!));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    draining = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (draining) return;
      draining = true;
      // After the current tick: the writes asked for in it leave together.
      queueMicrotask(() => void drain());
    });
}
