import { randomUUID } from 'node:crypto';
import { createEvent } from '@kidslearn/contracts';
import { AppError } from '@kidslearn/lib-core';
import type { BalanceStore } from '../domain/ports';
import { messages } from '../messages';
import { retryOnConflict } from './retry';

/**
 * PATCH /gems/{email}/deduct: an admin's manual correction. Deducts only when covered (409 otherwise),
 * writes a ledger line of kind "adjustment" and announces the new balance.
 */
export async function deductByAdmin(balances: BalanceStore, email: string, cost: number, adminEmail: string): Promise<number> {
  return retryOnConflict<number>(async () => {
    // A learner without a balance has 0 gems: refused without creating a document for the email.
    const current = await balances.find(email);
    if (!current || current.gems < cost) throw AppError.conflict(messages.notEnoughGems);
    const gems = current.gems - cost;
    const committed = await balances.commit(current, {
      gems,
      entry: { ref: `adjustment:${randomUUID()}`, kind: 'adjustment', amount: -cost, balance: gems, at: new Date(), by: adminEmail },
      events: [createEvent('gems.balance.changed', { email, balance: gems, version: current.version + 1 })],
    });
    return committed ? { done: true, value: gems } : { done: false };
  });
}
