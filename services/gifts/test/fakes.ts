// In-memory fakes of the domain ports, for unit tests only.
import type { ChildLink } from '../src/domain/family';
import type { Gift } from '../src/domain/gift';
import { fitsCap } from '../src/domain/monthly-cap';
import type { FamilyLinkReader, GiftCatalog, MonthlySpend, NewRedemption, OutcomeWaiter, ParentDecisions, RedemptionStore, SettledOutcome } from '../src/domain/ports';
import type { Redemption } from '../src/domain/redemption';

export function fakeCatalog(gifts: Gift[]): GiftCatalog {
  return {
    list: async () => gifts,
    findById: async (id) => gifts.find((g) => g.id === id) ?? null,
  };
}

export class FakeRedemptionStore implements RedemptionStore {
  readonly items: Redemption[] = [];
  private seq = 0;
  private keys = new Map<string, string>();

  readonly republished: string[] = [];
  /** what each request recorded of the parent's approval as it was asked */
  readonly parentApproves = new Map<string, boolean>();

  newId() {
    return String(++this.seq).padStart(24, '0');
  }
  republish(id: string) {
    this.republished.push(id);
  }
  async request(input: NewRedemption) {
    const key = input.idempotencyKey ?? `auto-${input.id}`;
    const existing = this.keys.get(`${input.email} ${key}`);
    if (existing) return { redemption: (await this.findById(existing))!, created: false, idempotencyKey: key };
    const redemption: Redemption = {
      id: input.id,
      email: input.email,
      giftId: input.gift.id,
      giftName: input.gift.name,
      giftImg: input.gift.img,
      cost: input.cost,
      address: input.address,
      status: 'requested',
      deliveryStatus: false,
      createdAt: input.createdAt,
      ...(input.spendMonth ? { spendMonth: input.spendMonth } : {}),
    };
    this.items.push(redemption);
    this.parentApproves.set(redemption.id, input.parentApproves);
    this.keys.set(`${input.email} ${key}`, redemption.id);
    return { redemption: { ...redemption }, created: true, idempotencyKey: key };
  }
  async findById(id: string) {
    const r = this.items.find((x) => x.id === id);
    return r ? { ...r } : null;
  }
  async findByKey(email: string, key: string) {
    const id = this.keys.get(`${email} ${key}`);
    return id ? this.findById(id) : null;
  }
  async markDelivered(id: string, at: Date) {
    const r = this.items.find((x) => x.id === id && x.status === 'pending-delivery');
    if (!r) return null;
    Object.assign(r, { status: 'delivered', deliveryStatus: true, updatedAt: at });
    return { ...r };
  }
  async listPendingDelivery() {
    return this.items.filter((r) => r.status === 'pending-delivery');
  }
  async countPendingDelivery() {
    return (await this.listPendingDelivery()).length;
  }
  async listByEmail(email: string) {
    return this.items.filter((r) => r.email === email);
  }
  settle(id: string, status: Redemption['status'], balance: number) {
    Object.assign(this.items.find((x) => x.id === id)!, { status, balance });
  }
}

/** Plays gems: settles the redemption as soon as the handler starts waiting (the outcome then read). */
export function settlingWaiter(settle: (id: string) => void): OutcomeWaiter {
  return {
    announce: async () => undefined,
    async listen(id) {
      return {
        async wait(_timeoutMs, read) {
          settle(id);
          return read();
        },
        close: async () => undefined,
      };
    },
  };
}

/** Plays gems announcing its outcome: the wait answers the announcement and never reads. */
export function announcingWaiter(outcome: SettledOutcome): OutcomeWaiter {
  return {
    announce: async () => undefined,
    async listen() {
      return {
        wait: async (_timeoutMs, _read, fromOutcome) => fromOutcome(outcome),
        close: async () => undefined,
      };
    },
  };
}

/** Nothing is announced: the wait reads once (its timeout) and answers that. */
export const silentWaiter: OutcomeWaiter = {
  announce: async () => undefined,
  async listen() {
    return { wait: async (_timeoutMs, read) => read(), close: async () => undefined };
  },
};

/** Families: the children's links, by child email. */
export function fakeFamily(links: Record<string, ChildLink> = {}): FamilyLinkReader {
  return { ofChild: async (email) => links[email] ?? null };
}

/** The monthly counters, with the same rule as the database's guarded $inc. */
export class FakeMonthlySpend implements MonthlySpend {
  readonly spent = new Map<string, number>();
  readonly released = new Set<string>();
  async reserve(email: string, month: string, cost: number, cap: number | null) {
    const key = `${month}:${email}`;
    if (!fitsCap(this.spent.get(key) ?? 0, cost, cap)) return false;
    this.spent.set(key, (this.spent.get(key) ?? 0) + cost);
    return true;
  }
  async release({ id, email, cost, month }: { id: string; email: string; cost: number; month: string }) {
    const key = `${month}:${email}`;
    if (this.released.has(id) || !this.spent.has(key)) return;
    this.released.add(id);
    this.spent.set(key, this.spent.get(key)! - cost);
  }
  async erase(email: string) {
    for (const key of [...this.spent.keys()]) if (key.endsWith(`:${email}`)) this.spent.delete(key);
  }
  of(email: string, month: string) {
    return this.spent.get(`${month}:${email}`) ?? 0;
  }
}

/** A parent's decisions on the fake store's items, conditional on awaiting-parent as the database's; declines are recorded as their events. */
export class FakeParentDecisions implements ParentDecisions {
  readonly declinedEvents: { redemptionId: string; email: string; cost: number }[] = [];
  constructor(private readonly store: FakeRedemptionStore) {}
  async approve(id: string, address: Redemption['address'] & object, at: Date) {
    const r = this.store.items.find((x) => x.id === id && x.status === 'awaiting-parent');
    if (!r) return null;
    Object.assign(r, { status: 'pending-delivery', parentDecision: 'approved', address, updatedAt: at });
    return { ...r };
  }
  async decline(redemption: Redemption, at: Date, byParent: boolean) {
    const r = this.store.items.find((x) => x.id === redemption.id && x.status === 'awaiting-parent');
    if (!r) return null;
    Object.assign(r, { status: 'declined', updatedAt: at, ...(byParent ? { parentDecision: 'declined' } : {}) });
    this.declinedEvents.push({ redemptionId: r.id, email: r.email, cost: r.cost });
    return { ...r };
  }
  async awaitingParentOf(email: string) {
    return this.store.items.filter((r) => r.email === email && r.status === 'awaiting-parent').map((r) => ({ ...r }));
  }
}
