import { createEvent, type Event } from '@kidslearn/contracts';
import { NOT_ENOUGH_GEMS } from '../domain/balance';
import type { LedgerEntry } from '../domain/ledger';

// The outcome events gems answers requests with. Built in one place so that a duplicate request
// (a re-drive) is answered with exactly the data its first processing published.

export interface CreditOutcome {
  attemptId: string;
  lessonId: string;
  email: string;
  amount: number;
  balance: number;
}

export const creditedEvent = (outcome: CreditOutcome): Event => createEvent('gems.credited', { ...outcome });

export interface DebitRequest {
  redemptionId: string;
  email: string;
  cost: number;
}

/** `balance` is the balance after the decision (the debited one, or the unchanged one of a rejection). */
export function debitOutcomeEvent(request: DebitRequest, debited: boolean, balance: number): Event {
  const { redemptionId, email, cost } = request;
  return debited
    ? createEvent('gems.debited', { redemptionId, email, cost, balance })
    : createEvent('gems.debit.rejected', { redemptionId, email, cost, balance, reason: NOT_ENOUGH_GEMS });
}

/** The outcome a redemption's ledger line records, or null when the line is not a debit decision. */
export function debitOutcomeFromLine(request: DebitRequest, line: Pick<LedgerEntry, 'kind' | 'balance'>): Event | null {
  if (line.kind !== 'debit' && line.kind !== 'debit-rejected') return null;
  return debitOutcomeEvent(request, line.kind === 'debit', line.balance);
}
