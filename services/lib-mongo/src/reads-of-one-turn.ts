import DataLoader from 'dataloader';

/**
 * Reads by key whose questions are asked within one turn of the event loop share one query. Nothing is cached: every
 * question is answered by a read made after it was asked, so it sees what another instance wrote before it. The read
 * is made once the loop has run the turn's I/O callbacks (setImmediate), not at the end of the asking tick
 * (dataloader's default): under load one turn parses many requests and deliveries, each asking in a tick of its own,
 * and they then share the read. Idle, it adds no wait (the loop goes straight on to it).
 *
 * `readMany` answers one value per key, in the keys' order (a key may be asked twice in one batch).
 */
export function readsOfOneTurn<K, V>(readMany: (keys: readonly K[]) => Promise<V[]>, { maxBatchSize = 500 }: { maxBatchSize?: number } = {}): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(readMany, { cache: false, maxBatchSize, batchScheduleFn: (read) => setImmediate(read) });
  return (key) => loader.load(key);
}
