// In-memory fakes of the domain ports, for unit tests only.
import type { Gift } from '../src/domain/gift';
import type { GiftCatalog, NewRedemption, OutcomeWaiter, RedemptionStore, SettledOutcome } from '../src/domain/ports';
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
      createdAt: new Date(),
    };
    this.items.push(redemption);
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
