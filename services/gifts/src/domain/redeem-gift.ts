import { AppError } from '@kidslearn/lib-core';
import { messages } from '../messages';
import { priceOf } from './gift';
import type { GiftCatalog, OutcomeWaiter, RedemptionStore } from './ports';
import { isSettled, type Address, type Redemption } from './redemption';

export interface RedeemGiftInput {
  email: string;
  giftId: string;
  address: Address;
  idempotencyKey: string | null;
}

export type RedeemOutcome =
  | { kind: 'debited'; redemption: Redemption; gems: number | null }
  | { kind: 'rejected'; redemption: Redemption; gems: number | null }
  | { kind: 'processing'; redemption: Redemption };

export interface RedeemGiftDeps {
  catalog: GiftCatalog;
  redemptions: RedemptionStore;
  outcomes: OutcomeWaiter;
  waitMs: number;
}

/**
 * A learner redeems a gift: the price comes from our catalog, the redemption is written with its
 * `redemption.requested` event, gems debits or refuses, and we wait briefly for that outcome.
 */
export async function redeemGift(deps: RedeemGiftDeps, input: RedeemGiftInput): Promise<RedeemOutcome> {
  const gift = await deps.catalog.findById(input.giftId);
  if (!gift) throw AppError.notFound(messages.giftNotFound);
  const cost = priceOf(gift);
  if (cost === null) throw AppError.badRequest(messages.priceNotSet);

  const { redemption } = await deps.redemptions.request({
    email: input.email,
    gift,
    cost,
    address: input.address,
    idempotencyKey: input.idempotencyKey,
  });
  if (redemption.giftId !== gift.id) throw AppError.conflict(messages.idempotencyKeyReused);

  let latest = redemption;
  if (!isSettled(latest.status)) {
    await deps.outcomes.waitFor(redemption.id, deps.waitMs, async () => {
      latest = (await deps.redemptions.findById(redemption.id)) ?? latest;
      return isSettled(latest.status);
    });
  }
  return outcomeOf(latest);
}

export function outcomeOf(redemption: Redemption): RedeemOutcome {
  const gems = redemption.balance ?? null;
  switch (redemption.status) {
    case 'requested':
      return { kind: 'processing', redemption };
    case 'rejected':
      return { kind: 'rejected', redemption, gems };
    case 'pending-delivery':
    case 'delivered':
      return { kind: 'debited', redemption, gems };
  }
}
