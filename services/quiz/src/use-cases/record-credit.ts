import { mark } from '@kidslearn/lib-core';
import type { AttemptStore } from '../domain/ports';

export interface RecordCreditDeps {
  attempts: AttemptStore;
  /** Tells a waiting POST /quiz-results (on any instance) the gem total gems reported (best effort). */
  announce: (attemptId: string, gems: number) => Promise<void>;
}

/**
 * gems.credited → the attempt records gems' outcome (the first one stays) and the waiting request is told.
 * Gems committed this total before reporting it, so the waiting request may answer it while the attempt
 * records it (one write less on the way back); if recording fails the event is retried and announced again.
 */
export async function recordCredit(deps: RecordCreditDeps, credited: { attemptId: string; amount: number; balance: number }): Promise<boolean> {
  const announced = deps.announce(credited.attemptId, credited.balance).then(() => mark('quiz.announced', credited.attemptId));
  const gems = await deps.attempts.settle(credited.attemptId, credited.amount, credited.balance);
  mark('quiz.settled', credited.attemptId);
  await announced;
  return gems !== null;
}
