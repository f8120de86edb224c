import type { Event } from '@kidslearn/contracts';
import type { LedgerEntry } from './ledger';

/** A ledger line as stored: keyed by the change (the consumed event id, `redemption:<id>`, or an adjustment's ref). */
export interface LedgerLine extends LedgerEntry {
  _id: string;
  email: string;
  /** the balance version this change produced: the ledger's order per learner */
  seq: number;
}

/** A lesson's best reward written with a balance change, copied to its own record before the balance changes again. */
export interface PendingBest {
  lessonId: string;
  best: number;
  /** the events whose credits raised this lesson's best, the latest last (a best rises a few times at most) */
  raisedBy: string[];
}

/** What a learner was paid for a lesson: its best reward and the events whose credits raised it. */
export interface PaidBest {
  best: number;
  raisedBy: readonly string[];
}

/** A learner's balance, as a change is decided from it. */
export interface Balance {
  /** the learner's lower-cased email */
  _id: string;
  gems: number;
  /** bumped by every write: a change decided at one version is written only if the balance is still at it */
  version: number;
  /** the last change's ledger line (copied to the ledger before the next change) */
  pendingLine: LedgerLine | null;
  /** the last credit's raised lesson best (copied to the lesson bests before the next change) */
  pendingBest: PendingBest | null;
  /** the most recent event ids applied, recorded in the same write as their effect */
  processedEventIds: string[];
  createdAt: Date;
}

/** A change decided from a balance read at `version`. */
export interface BalanceChange {
  /** the ledger line's key when it must be found by reference later (default: the event id) */
  lineId?: string;
  gems: number;
  /** a credit that raised its lesson's best reward */
  best?: PendingBest;
  entry?: LedgerEntry;
  /** the consumed event (recorded with the change: a redelivery changes nothing) */
  eventId?: string;
  /** the events the change announces, stored with it and published after it */
  events: Event[];
}

/** Balances and their ledger. Every write is one conditional single-document write decided by the database. */
export interface BalanceStore {
  /** The balance, or null when the learner has none yet. */
  find(email: string): Promise<Balance | null>;
  /** The balance, created at 0 on first use (`onCreate` is called first: whoever writes learns they made a record). */
  findOrCreate(email: string, onCreate?: () => void): Promise<Balance>;
  /** The best reward the learner was paid for a lesson (0 if none), and the events that raised it. */
  paidFor(current: Balance, lessonId: string): Promise<PaidBest>;
  /** The ledger line stored under `lineId` (the pending one of `current` included), if any: maybe another learner's. */
  lineByKey(current: Balance, lineId: string): Promise<LedgerLine | null>;
  /** Every ledger line of a learner, oldest first, and the balance. */
  ledgerOf(email: string): Promise<{ gems: number; entries: LedgerEntry[] }>;
  /** The balance and the newest `limit` lines that changed it (refused debits left out), newest first. */
  historyOf(email: string, limit: number): Promise<{ gems: number; entries: LedgerEntry[] }>;
  /** Writes the change if the balance is still at `current.version` (false: it moved on, decide again). */
  commit(current: Balance, change: BalanceChange): Promise<boolean>;
}

/** What gems holds about one learner, as the learner's export shows it. */
export interface GemsLearnerData {
  balance: { gems: number; createdAt: string } | null;
  ledger: { ref: string; kind: string; amount: number; balance: number; lessonId?: string; at: string }[];
  lessonBests: { lessonId: string; best: number }[];
}

export interface LearnerDataStore {
  exportOf(email: string): Promise<GemsLearnerData>;
  /** Deletes everything gems holds about the learner (idempotent: a re-run deletes whatever appeared since). */
  erase(email: string): Promise<void>;
}

/** The service's copy of the parent–child links (lib-service createFamilyLinks). */
export interface FamilyLinkRecords {
  /** learner.erased: the child's links go, so no parent reads the child's (erased) data any more. */
  eraseChild(email: string): Promise<void>;
}

/** The tombstones of erased learners (lib-mongo erasures.ts). */
export interface ErasureRecords {
  record(email: string, erasedAt: Date): Promise<void>;
}
