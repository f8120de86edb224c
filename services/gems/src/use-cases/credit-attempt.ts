import { createEvent, type EventEnvelope } from '@kidslearn/lib-events';
import { decideCredit } from '../domain/balance';
import type { BalanceRepository } from '../data-access/balances';
import { retryOnConflict } from './retry';

export interface AttemptScored {
  attemptId: string;
  lessonId: string;
  email: string;
  reward: number;
}

export type CreditResult = { applied: false } | { applied: true; amount: number; balance: number };

/** quiz.attempt.scored → credit the top-up to the lesson's best reward, once per event. */
export async function creditAttempt(balances: BalanceRepository, eventId: string, scored: AttemptScored): Promise<CreditResult> {
  return retryOnConflict<CreditResult>(async () => {
    const current = await balances.findOrCreate(scored.email);
    if (current.processedEventIds.includes(eventId)) return { done: true, value: { applied: false } };
    const decision = decideCredit(current, scored.lessonId, scored.reward);
    const version = current.version + 1;
    const events: EventEnvelope[] = [
      createEvent('gems.credited', { attemptId: scored.attemptId, lessonId: scored.lessonId, email: scored.email, amount: decision.amount, balance: decision.gems }),
    ];
    if (decision.amount > 0) events.push(createEvent('gems.balance.changed', { email: scored.email, balance: decision.gems, version }));
    const committed = await balances.commit(current, {
      gems: decision.gems,
      bestRewardByLesson: { ...current.bestRewardByLesson, [scored.lessonId]: decision.bestReward },
      entry:
        decision.amount > 0
          ? { ref: scored.attemptId, kind: 'credit', amount: decision.amount, balance: decision.gems, lessonId: scored.lessonId, at: new Date() }
          : undefined,
      eventId,
      events,
    });
    return committed ? { done: true, value: { applied: true, amount: decision.amount, balance: decision.gems } } : { done: false };
  });
}
