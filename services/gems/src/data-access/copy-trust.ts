/**
 * Whether this process's copies of balances are worth deciding from. A copy saves a read while this instance is the
 * only one writing a learner's balance; when another instance writes the same balances (several instances share
 * the queue), a copy is often stale, and a change decided from it loses its write, then reads and decides again:
 * more work than the read it saved. So copies are used while few of the recent changes decided from one lost,
 * and otherwise skipped, except every `probeEvery`th, which keeps measuring (the other instance may have gone).
 */
export interface CopyTrust {
  /** Use the copy for this change? */
  use(): boolean;
  /** A change decided from a copy was written (false: the copy was stale). */
  record(written: boolean): void;
}

export interface CopyTrustOptions {
  /** how many of the latest changes decided from a copy are weighed (default 40) */
  window?: number;
  /** the share of those that may have lost before copies are skipped (default 0.2) */
  maxStaleShare?: number;
  /** while skipping, every this many-th change still tries its copy (default 10) */
  probeEvery?: number;
}

export function copyTrust({ window = 40, maxStaleShare = 0.2, probeEvery = 10 }: CopyTrustOptions = {}): CopyTrust {
  const latest: boolean[] = []; // true: stale
  let stale = 0;
  let skipped = 0;
  return {
    use() {
      if (stale <= maxStaleShare * window) return true;
      skipped += 1;
      if (skipped < probeEvery) return false;
      skipped = 0;
      return true;
    },
    record(written) {
      latest.push(!written);
      if (!written) stale += 1;
      if (latest.length > window && latest.shift()) stale -= 1;
    },
  };
}
