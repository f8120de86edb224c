// Families (issue 24): the monthly gem cap a parent sets. Every request's cost is added to its learner's counter
// for the UTC month it was made in, and taken back when the request is rejected or declined, so the counter
// always holds "the costs of this month's requests that are not rejected/declined".
import type { RedemptionStatus } from './redemption';

/** The UTC calendar month of `at`, `YYYY-MM`: the counter a request made then counts in. */
export function spendMonthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The most the month's counter may already hold for `cost` to fit under `cap` (negative: it never fits). */
export function maxSpentBefore(cap: number, cost: number): number {
  return cap - cost;
}

/** Whether `cost` fits under `cap` with `spent` already counted this month (null: no cap). */
export function fitsCap(spent: number, cost: number, cap: number | null): boolean {
  return cap === null || spent <= maxSpentBefore(cap, cost);
}

/** A refused request (gems refused the debit, or the parent declined) gives its cost back to the month. */
export function releasesSpend(status: RedemptionStatus): boolean {
  return status === 'rejected' || status === 'declined';
}
