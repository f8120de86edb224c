import type { ChildLink } from './family';
import type { Gift } from './gift';
import type { Address, Redemption, RedemptionDto } from './redemption';

export interface GiftCatalog {
  list(): Promise<Gift[]>;
  findById(id: string): Promise<Gift | null>;
}

export interface NewRedemption {
  /** from RedemptionStore.newId(), so the caller can listen for the outcome before the event goes out */
  id: string;
  email: string;
  gift: Gift;
  cost: number;
  address: Address;
  /** Client-chosen retry key; null when the client sent none. */
  idempotencyKey: string | null;
  createdAt: Date;
  /** The month whose gem counter holds the cost (MonthlySpend.reserve), kept to give it back on a refusal. */
  spendMonth?: string;
  /** Families: the learner's parent approved gifts when it asked (domain/family.ts parentApprovesGifts). */
  parentApproves: boolean;
}

export interface PendingPage {
  limit: number;
  after?: { createdAt: Date; id: string };
  /** Only parcels whose gift, recipient name, city or email contains this (any case, literally). */
  search?: string;
}

export interface RedemptionStore {
  /** A fresh redemption id. */
  newId(): string;
  /**
   * Writes a requested redemption with its `redemption.requested` event in the same document.
   * With an idempotency key already used by this learner, writes nothing and returns the earlier one.
   */
  request(input: NewRedemption): Promise<{ redemption: Redemption; created: boolean; idempotencyKey: string }>;
  /** Publishes what a redemption's outbox still holds (a retry found it written by an instance that died). */
  republish(id: string): void;
  findById(id: string): Promise<Redemption | null>;
  findByKey(email: string, idempotencyKey: string): Promise<Redemption | null>;
  /** pending-delivery → delivered in one conditional update. */
  markDelivered(id: string, at: Date): Promise<Redemption | null>;
  /** Pending parcels oldest first (id breaks ties), after the cursor's position when given, matching the search. */
  listPendingDelivery(page?: PendingPage): Promise<Redemption[]>;
  /** Pending parcels in all, or those matching the search. */
  countPendingDelivery(search?: string): Promise<number>;
  /** The learner's redemptions, newest first. */
  listByEmail(email: string): Promise<Redemption[]>;
}

/** What gems decided for a redemption (and, for a debit, where it went: to the parent or to delivery), as its announcement carries it. */
export interface SettledOutcome {
  status: 'awaiting-parent' | 'pending-delivery' | 'rejected';
  balance: number;
}

/** gems' outcome as recorded: a debit goes to the parent or to delivery as the request's `parentApproves` says. */
export type GemsOutcome = { status: 'debited'; balance: number } | { status: 'rejected'; balance: number; reason?: string };

/**
 * Records gems' outcome of a redemption once (keyed by event id) if it is still requested. Resolves with the
 * redemption as it is after (also when a redelivery changed nothing), or null when it is not ours.
 */
export type RecordOutcome = (eventId: string, redemptionId: string, outcome: GemsOutcome) => Promise<Redemption | null>;

/** Families: the child's link to a parent (lib-service family-links, kept from content's family events). */
export interface FamilyLinkReader {
  ofChild(email: string): Promise<ChildLink | null>;
}

/**
 * Families: per learner and UTC month, the costs of the requests that count towards a parent's cap (one counter
 * document each, so a request is admitted by one guarded write, exact across concurrent requests and instances).
 */
export interface MonthlySpend {
  /** Adds `cost` to the month unless the sum would pass `cap` (null: no cap, always added); false: over, nothing added. */
  reserve(email: string, month: string, cost: number, cap: number | null): Promise<boolean>;
  /** Takes back a request's cost (rejected, declined, or never written); once per request id, however often called. */
  release(request: { id: string; email: string; cost: number; month: string }): Promise<void>;
  /** learner.erased: the learner's counters go. */
  erase(email: string): Promise<void>;
}

/** Families: a parent's decisions, each one guarded single-document write from `awaiting-parent`. */
export interface ParentDecisions {
  /** awaiting-parent → pending-delivery with the confirmed address; null when it no longer awaits the parent. */
  approve(id: string, address: Address, at: Date): Promise<Redemption | null>;
  /**
   * awaiting-parent → declined, with `redemption.declined` in the same write (outbox); null when it no longer
   * awaits the parent. `byParent` false: the link went, nobody can answer any more (no parentDecision recorded).
   */
  decline(redemption: Redemption, at: Date, byParent: boolean): Promise<Redemption | null>;
  /** The learner's requests that wait for a parent. */
  awaitingParentOf(email: string): Promise<Redemption[]>;
}

/** A subscription to one redemption's outcome, open until close(). */
export interface OutcomeListener {
  /**
   * Resolves with the outcome announced (made into a T by `fromOutcome`), or with `read()` once it answers,
   * or with read()'s last answer after `timeoutMs`.
   */
  wait<T>(timeoutMs: number, read: () => Promise<T | null>, fromOutcome: (outcome: SettledOutcome) => T): Promise<T | null>;
  close(): Promise<void>;
}

export interface OutcomeWaiter {
  /**
   * Listens for a redemption's outcome. Opened before its event is published, no announcement can be missed
   * and the wait reads nothing; `settledMayExist` (a replayed request) makes the wait read first.
   */
  listen(redemptionId: string, settledMayExist?: boolean): Promise<OutcomeListener>;
  /** Tells whoever waits for the redemption (on any instance) what gems decided (best effort). */
  announce(redemptionId: string, outcome: SettledOutcome): Promise<void>;
}

export interface LearnerDataStore {
  /** Every redemption of the learner, any status, with its address (while kept), oldest first. */
  exportOf(email: string): Promise<{ redemptions: RedemptionDto[] }>;
  /** Each redemption leaves its audit row and is deleted; resolves with how many went (idempotent). */
  erase(email: string, erasedAt: Date): Promise<number>;
}

export interface ErasureRecords {
  record(email: string, erasedAt: Date): Promise<void>;
}
