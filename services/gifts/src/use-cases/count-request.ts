import { AppError } from '@kidslearn/lib-core';
import { messages } from '../messages';
import { spendMonthOf } from '../domain/monthly-cap';
import type { MonthlySpend, NewRedemption, RedemptionStore } from '../domain/ports';
import type { Redemption } from '../domain/redemption';

export interface CountRequestDeps {
  redemptions: RedemptionStore;
  spend: MonthlySpend;
}

/**
 * Writes the request with its cost counted in its UTC month, within the parent's cap (null: none; counted anyway,
 * so a cap set later in the month sees the month's earlier requests). Over the cap, a retry of a request already
 * written is answered with it (its cost is counted already); anything else is refused, 409 `monthly_cap`, with
 * nothing written. A count left unused (the retry of a written request, a failed write) is given back.
 */
export async function writeCountedRequest(deps: CountRequestDeps, input: Omit<NewRedemption, 'spendMonth'>, cap: number | null): Promise<Redemption> {
  const month = spendMonthOf(input.createdAt);
  if (!(await deps.spend.reserve(input.email, month, input.cost, cap))) {
    const earlier = input.idempotencyKey ? await deps.redemptions.findByKey(input.email, input.idempotencyKey) : null;
    if (earlier) return earlier;
    throw new AppError(409, messages.monthlyCap, 'monthly_cap');
  }
  const giveBack = () => deps.spend.release({ id: input.id, email: input.email, cost: input.cost, month });
  try {
    const { redemption, created } = await deps.redemptions.request({ ...input, spendMonth: month });
    if (!created) await giveBack();
    return redemption;
  } catch (err) {
    // Best effort: the write failed, the error is what the learner must see. A count not given back only makes
    // the cap stricter for the rest of the month (never looser).
    await giveBack().catch(() => undefined);
    throw err;
  }
}
