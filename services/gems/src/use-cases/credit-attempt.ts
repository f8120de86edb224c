import { createEvent, type Event } from '@kidslearn/contracts';
import { mark } from '@kidslearn/lib-core';
import { decideCredit } from '../domain/balance';
import type { Balance, BalanceStore, PaidBest } from '../domain/ports';
import { creditedEvent, type CreditOutcome } from './outcome-events';
import { retryOnConflict } from './retry';

export interface AttemptScored {
  attemptId: string;
  lessonId: string;
  email: string;
  reward: number;
}

export type CreditResult = { applied: false } | { applied: true; amount: number; balance: number };

/**
 * The outcome an already applied event produced, or null when it was not applied. A credit's ledger
 * line is keyed by its event id, so it is found even after the id left processedEventIds. A credit of
 * 0 leaves no line: its outcome is "0 added" at the current balance (the same, unless gems moved since).
 */
async function earlierOutcome(balances: BalanceStore, current: Balance, eventId: string, scored: AttemptScored, amount: number, paid: PaidBest): Promise<CreditOutcome | null> {
  const processed = current.processedEventIds.includes(eventId);
  // A positive top-up proves the event was never applied (it would have raised the lesson's best); so does a best
  // it did not raise (an applied credit of more than 0 did). Only a credit that raised the best has a line to read.
  if (!processed && (amount > 0 || scored.reward === 0 || !paid.raisedBy.includes(eventId))) return null;
  const line = await balances.lineByKey(current, eventId);
  const { attemptId, lessonId, email } = scored;
  if (line && line.kind === 'credit' && line.ref === attemptId) return { attemptId, lessonId, email, amount: line.amount, balance: line.balance };
  return processed ? { attemptId, lessonId, email, amount: 0, balance: current.gems } : null;
}

/**
 * quiz.attempt.scored → credit the top-up to the lesson's best reward, once per event. A duplicate
 * changes nothing but publishes its gems.credited again (through the outbox), so a re-drive settles.
 */
export async function creditAttempt(balances: BalanceStore, eventId: string, scored: AttemptScored): Promise<CreditResult> {
  return retryOnConflict<CreditResult>(async () => {
    const current = await balances.findOrCreate(scored.email);
    mark('gems.balance.read', scored.attemptId);
    const paid = await balances.paidFor(current, scored.lessonId);
    const decision = decideCredit(current.gems, paid.best, scored.reward);
    const earlier = await earlierOutcome(balances, current, eventId, scored, decision.amount, paid);
    if (earlier) {
      const republished = await balances.commit(current, { gems: current.gems, events: [creditedEvent(earlier)] });
      return republished ? { done: true, value: { applied: false } } : { done: false };
    }
    const version = current.version + 1;
    const events: Event[] = [creditedEvent({ attemptId: scored.attemptId, lessonId: scored.lessonId, email: scored.email, amount: decision.amount, balance: decision.gems })];
    if (decision.amount > 0) events.push(createEvent('gems.balance.changed', { email: scored.email, balance: decision.gems, version }));
    const committed = await balances.commit(current, {
      gems: decision.gems,
      best: decision.amount > 0 ? { lessonId: scored.lessonId, best: decision.bestReward, raisedBy: [...paid.raisedBy, eventId] } : undefined,
      entry: decision.amount > 0 ? { ref: scored.attemptId, kind: 'credit', amount: decision.amount, balance: decision.gems, lessonId: scored.lessonId, at: new Date() } : undefined,
      eventId,
      events,
    });
    mark(committed ? 'gems.balance.written' : 'gems.balance.conflict', scored.attemptId);
    return committed ? { done: true, value: { applied: true, amount: decision.amount, balance: decision.gems } } : { done: false };
  });
}
