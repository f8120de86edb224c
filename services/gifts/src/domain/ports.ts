import type { Gift } from './gift';
import type { Address, Redemption } from './redemption';

export interface GiftCatalog {
  list(): Promise<Gift[]>;
  findById(id: string): Promise<Gift | null>;
}

export interface NewRedemption {
  email: string;
  gift: Gift;
  cost: number;
  address: Address;
  /** Client-chosen retry key; null when the client sent none. */
  idempotencyKey: string | null;
}

export interface PendingPage {
  limit: number;
  after?: { createdAt: Date; id: string };
}

export interface RedemptionStore {
  /**
   * Writes a requested redemption with its `redemption.requested` event in the same document.
   * With an idempotency key already used by this learner, writes nothing and returns the earlier one.
   */
  request(input: NewRedemption): Promise<{ redemption: Redemption; created: boolean; idempotencyKey: string }>;
  findById(id: string): Promise<Redemption | null>;
  findByKey(email: string, idempotencyKey: string): Promise<Redemption | null>;
  /** pending-delivery → delivered in one conditional update that also queues `redemption.delivered`. */
  markDelivered(id: string, at: Date): Promise<Redemption | null>;
  /** Pending parcels oldest first (id breaks ties), after the cursor's position when given. */
  listPendingDelivery(page?: PendingPage): Promise<Redemption[]>;
  countPendingDelivery(): Promise<number>;
  listByEmail(email: string): Promise<Redemption[]>;
}

/** Waits (briefly) until the redemption's outcome is announced, or the time is up. */
export interface OutcomeWaiter {
  waitFor(redemptionId: string, timeoutMs: number, settled: () => Promise<boolean>): Promise<void>;
}
