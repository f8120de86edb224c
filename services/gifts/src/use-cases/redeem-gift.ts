import type { ParentConsentMode } from '@kidslearn/contracts';
import { AppError } from '@kidslearn/lib-core';
import { messages } from '../messages';
import { consentMissing, parentApprovesGifts } from '../domain/family';
import { priceOf } from '../domain/gift';
import type { FamilyLinkReader, GiftCatalog, OutcomeListener, OutcomeWaiter } from '../domain/ports';
import { isSettled, type Address, type Redemption } from '../domain/redemption';
import { writeCountedRequest, type CountRequestDeps } from './count-request';

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

export interface RedeemGiftDeps extends CountRequestDeps {
  catalog: GiftCatalog;
  outcomes: OutcomeWaiter;
  waitMs: number;
  /** Families: the learner's link to a parent (consent, monthly cap) */
  family: FamilyLinkReader;
  /** PARENT_CONSENT */
  consent: ParentConsentMode;
}

/**
 * A learner redeems a gift: the price comes from our catalog, the redemption is written with its
 * `redemption.requested` event, gems debits or refuses, and we wait briefly for that outcome. Whether a debit then
 * waits for the parent is decided by the link read here (kept with the request). With
 * PARENT_CONSENT=required a learner without a parent's consent is refused, and a parent's monthly gem cap is
 * kept (use-cases/count-request.ts), both before anything is written.
 */
export async function redeemGift(deps: RedeemGiftDeps, input: RedeemGiftInput, now = new Date()): Promise<RedeemOutcome> {
  const id = deps.redemptions.newId();
  // Listening while the gift is looked up: subscribed before the event can be published, so gems' outcome
  // is answered from its announcement with no read of the redemption.
  const listening = deps.outcomes.listen(id);
  try {
    const [link, gift] = await Promise.all([deps.family.ofChild(input.email), deps.catalog.findById(input.giftId)]);
    if (consentMissing(deps.consent, link)) throw new AppError(403, messages.parentConsentRequired, 'parent_consent_required');
    if (!gift) throw AppError.notFound(messages.giftNotFound);
    const cost = priceOf(gift);
    if (cost === null) throw AppError.badRequest(messages.priceNotSet);
    const listener = await listening; // subscribed before the write publishes the event

    const request = { id, email: input.email, gift, cost, address: input.address, idempotencyKey: input.idempotencyKey, createdAt: now, parentApproves: parentApprovesGifts(link) };
    const redemption = await writeCountedRequest(deps, request, link?.monthlyGemCap ?? null);
    if (redemption.giftId !== gift.id) throw AppError.conflict(messages.idempotencyKeyReused);
    if (isSettled(redemption.status)) return outcomeOf(redemption);
    if (redemption.id === id) return outcomeOf((await waitForOutcome(deps, listener, redemption)) ?? redemption);
    // A retried request: the earlier redemption's outcome may have been announced already, and its event may still
    // wait in its outbox (the instance that wrote it may have died before publishing): publish it.
    const earlier = await deps.outcomes.listen(redemption.id, true);
    deps.redemptions.republish(redemption.id);
    try {
      return outcomeOf((await waitForOutcome(deps, earlier, redemption)) ?? redemption);
    } finally {
      await earlier.close();
    }
  } finally {
    // Closed however the request ends (an unknown gift, a failed write), so no subscription is left behind.
    await (await listening).close();
  }
}

/** The redemption once settled (announced, or read), or null when gems did not decide in time. */
function waitForOutcome(deps: RedeemGiftDeps, listener: OutcomeListener, requested: Redemption): Promise<Redemption | null> {
  return listener.wait(
    deps.waitMs,
    async () => {
      const latest = await deps.redemptions.findById(requested.id);
      return latest && isSettled(latest.status) ? latest : null;
    },
    (outcome) => ({ ...requested, status: outcome.status, balance: outcome.balance }),
  );
}

export function outcomeOf(redemption: Redemption): RedeemOutcome {
  const gems = redemption.balance ?? null;
  switch (redemption.status) {
    case 'requested':
      return { kind: 'processing', redemption };
    case 'rejected':
      return { kind: 'rejected', redemption, gems };
    // Debited: waiting for the parent (gems held), on its way, or already answered by the parent (a retried request
    // is answered with the redemption as it is now).
    case 'awaiting-parent':
    case 'pending-delivery':
    case 'delivered':
    case 'declined':
      return { kind: 'debited', redemption, gems };
  }
}
