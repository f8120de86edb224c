import { LRUCache } from 'lru-cache';
import type { Balance, LedgerLine } from '../domain/ports';

export interface History {
  gems: number;
  entries: LedgerLine[];
}

interface Kept {
  version: number;
  createdAt: number;
  limit: number;
  history: History;
}

/**
 * The histories this process last read (a parent's page reads each child's on every visit, and the database finds a
 * learner's lines only by reading the whole ledger). A kept one is used only while the balance is still at the version
 * (and creation) it was read at: every change of a balance bumps its version, on any instance, so a kept history is
 * either exact or not used. Bounded by the number of lines kept.
 */
export function historyCache(maxLines = 50_000) {
  const kept = new LRUCache<string, Kept>({ maxSize: maxLines, sizeCalculation: (value) => Math.max(1, value.history.entries.length) });
  const stamp = (balance: Balance) => ({ version: balance.version, createdAt: new Date(balance.createdAt).getTime() });
  return {
    get(balance: Balance, limit: number): History | undefined {
      const hit = kept.get(balance._id);
      const { version, createdAt } = stamp(balance);
      return hit && hit.version === version && hit.createdAt === createdAt && hit.limit === limit ? hit.history : undefined;
    },
    set(balance: Balance, limit: number, history: History): void {
      kept.set(balance._id, { ...stamp(balance), limit, history });
    },
    /** An erased learner's history goes from memory too. */
    delete(email: string): void {
      kept.delete(email);
    },
  };
}
