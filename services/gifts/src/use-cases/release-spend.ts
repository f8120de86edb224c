import type { MonthlySpend } from '../domain/ports';
import type { Redemption } from '../domain/redemption';

/**
 * A rejected or declined request gives its cost back to its month (the parent's cap counts it no more). Safe to
 * repeat (once per request id): every handler that sees the refused state calls it, so a crash between the status
 * write and this one is healed by the redelivery. A request from before the counters has no month: nothing to give.
 */
export async function releaseSpendOf(spend: Pick<MonthlySpend, 'release'>, r: Redemption): Promise<void> {
  if (r.spendMonth) await spend.release({ id: r.id, email: r.email, cost: r.cost, month: r.spendMonth });
}
