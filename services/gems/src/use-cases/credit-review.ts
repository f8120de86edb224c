import { createEvent, DAILY_REVIEW_GEMS } from '@kidslearn/contracts';
import type { BalanceStore } from '../domain/ports';
import { retryOnConflict } from './retry';

export interface ReviewCompleted {
  reviewId: string;
  email: string;
  day: string;
}

/** One line per learner-day's review, under a key derived from the review: found by id, whatever event brought it. */
export const reviewLineId = (reviewId: string) => `review:${reviewId}`;

/**
 * daily.review.completed → DAILY_REVIEW_GEMS, once per review: the event id (processedEventIds) and the review's
 * ledger line (keyed by reviewId) are recorded in the same version-guarded write as the credit, so a redelivery,
 * a re-published outbox or a second event for the same review changes nothing. Nothing answers back: quiz knows
 * the day's gem from its own review.
 */
export async function creditReview(balances: BalanceStore, eventId: string, review: ReviewCompleted): Promise<boolean> {
  return retryOnConflict<boolean>(async () => {
    const current = await balances.findOrCreate(review.email);
    const lineId = reviewLineId(review.reviewId);
    if (current.processedEventIds.includes(eventId) || (await balances.lineByKey(current, lineId))) return { done: true, value: false };
    const gems = current.gems + DAILY_REVIEW_GEMS;
    const committed = await balances.commit(current, {
      gems,
      entry: { ref: review.reviewId, kind: 'review', amount: DAILY_REVIEW_GEMS, balance: gems, at: new Date() },
      eventId,
      lineId,
      events: [createEvent('gems.balance.changed', { email: review.email, balance: gems, version: current.version + 1 })],
    });
    return committed ? { done: true, value: true } : { done: false };
  });
}
