// SPEC §5 Redeem, on the client (the server checks the same again): who may redeem what, and why not.
import { addressIncomplete } from '@kidslearn/kit/ui';
import type { Address, Gift } from '../api/rewards-api';
import { messages } from '../messages';

export const isPriceSet = (cost: unknown): cost is number => typeof cost === 'number' && Number.isFinite(cost) && cost > 0;

export type DisabledReason = keyof typeof messages.gifts.disabled;

/** Whether a parent's agreement stands in the way (consent required and not given), or is still being checked. */
export type ParentGate = 'ok' | 'needed' | 'checking';

/** Still finding out (no tooltip yet, the button is busy). */
export type PendingReason = 'balanceLoading' | 'parentLoading';

/**
 * Why the Redeem button is disabled (its tooltip), or undefined when it is enabled. While the balance (or the
 * parent's agreement) is still unknown the answer is a PendingReason (no tooltip yet): a child is not told
 * "Not enough gems" before their gems have arrived.
 */
export function disabledReason(gift: Gift, signedIn: boolean, gems: number | undefined, parent: ParentGate = 'ok'): DisabledReason | PendingReason | undefined {
  if (!signedIn) return 'loginFirst';
  if (!isPriceSet(gift.cost)) return 'priceNotSet';
  if (parent === 'checking') return 'parentLoading';
  if (parent === 'needed') return 'parentFirst';
  if (gems === undefined) return 'balanceLoading';
  if (gems < gift.cost) return 'notEnoughGems';
  return undefined;
}

export const isPending = (reason: string | undefined): reason is PendingReason => reason === 'balanceLoading' || reason === 'parentLoading';

/** The first failing check's message (SPEC §5 order), or undefined when the redemption may be sent. */
export function redeemProblem(gift: Gift, signedIn: boolean, gems: number | undefined, address: Address): string | undefined {
  if (!signedIn) return messages.redeem.loginFirst;
  if (!isPriceSet(gift.cost)) return messages.redeem.noPrice;
  if ((gems ?? 0) < gift.cost) return messages.redeem.notEnoughGems;
  if (addressIncomplete(address)) return messages.redeem.fillRequired;
  return undefined;
}

/** SPEC §8: the server's error text, or its message, or the fallback. */
export function failureMessage(error: unknown, fallback: string = messages.redeem.failureFallback): string {
  const data = (error as { data?: { error?: unknown; message?: unknown } } | undefined)?.data;
  if (typeof data?.error === 'string' && data.error.trim()) return data.error;
  if (typeof data?.message === 'string' && data.message.trim()) return data.message;
  return fallback;
}
