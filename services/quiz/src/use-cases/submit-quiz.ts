import { createEvent, type QuizResult } from '@kidslearn/contracts';
import { AppError, mark } from '@kidslearn/lib-core';
import { AnswersTooLongError, normalizeAnswers, type Answer, type SubmittedAnswers } from '../domain/answers';
import { attemptIdFor } from '../domain/ids';
import type { Attempt, AnswerKeyStore, AttemptStore, BestStore, OutcomeListener, OutcomeWaiter } from '../domain/ports';
import { scoreAttempt } from '../domain/scoring';
import { messages } from '../messages';

export interface SubmitQuizDeps {
  answerKeys: AnswerKeyStore;
  attempts: AttemptStore;
  bests: BestStore;
  outcomes: OutcomeWaiter;
  /** Reads the gem total out of an outcome announcement (null: none in it). */
  announcedGems: (message: string) => number | null;
  /** Drops the lesson's cached standings once the learner's best improved. */
  standingsChanged: (lessonId: string) => Promise<void>;
  outcomeTimeoutMs: number;
}

export interface Learner {
  sub: string;
  email: string;
  name: string;
}

const sameAnswers = (a: readonly Answer[], b: readonly Answer[]) => a.length === b.length && a.every((answer, i) => answer === b[i]);

/**
 * Scores on the server, stores the attempt with its event, keeps the best, waits briefly for gems. With an
 * Idempotency-Key the attempt's id comes from the learner and the key: a retried submission (on any instance,
 * also after the first one's instance died mid-way) finds the same attempt and answers it, never scores twice.
 */
export async function submitQuiz(deps: SubmitQuizDeps, learner: Learner, lessonId: string, submitted: SubmittedAnswers, idempotencyKey?: string): Promise<QuizResult> {
  const key = await deps.answerKeys.find(lessonId);
  if (!key) throw AppError.notFound(messages.lessonNotFound);
  let answers: Answer[];
  try {
    answers = normalizeAnswers(submitted, key.answerKey.length);
  } catch (error) {
    if (error instanceof AnswersTooLongError) throw AppError.badRequest(messages.answersTooLong(error.total));
    throw error;
  }
  const { score, total, reward } = scoreAttempt(key.answerKey, answers);
  const attemptId = attemptIdFor(learner.email, idempotencyKey);
  const attempt: Omit<Attempt, 'gems'> = { _id: attemptId, lessonId, email: learner.email, userId: learner.sub, name: learner.name, answers, score, total, reward, createdAt: new Date() };
  const event = createEvent('quiz.attempt.scored', { attemptId, lessonId, email: learner.email, userId: learner.sub, name: learner.name, score, total, reward });

  // Subscribed to the outcome while the attempt is written, so no announcement can come before the
  // subscription and the wait needs no first read of the attempt.
  let listening = deps.outcomes.listen(attemptId);
  try {
    let stored: Omit<Attempt, 'gems'> & { gems?: number | null } = attempt;
    if (!(await deps.attempts.create(attempt, event))) {
      // A retried submission: the attempt exists. Its outcome may have been announced already (read first),
      // and its event may still wait in its outbox (the instance that wrote it may have died): publish it.
      const existing = await deps.attempts.find(attemptId);
      if (!existing || existing.lessonId !== lessonId || !sameAnswers(existing.answers, answers)) {
        throw new AppError(422, messages.idempotencyKeyReused, 'idempotency_key_reused');
      }
      stored = existing;
      await (await listening).close();
      listening = deps.outcomes.listen(attemptId, { readFirst: true });
      if (existing.gems === null) deps.attempts.republish(attemptId);
    }
    mark('quiz.attempt.written', attemptId);
    const listener: OutcomeListener = await listening;
    // Only a new best changes the standings: most submissions under load leave the cached list alone. (A retry
    // records it again: its first request may have ended before it did; keeping the best is idempotent.)
    const improved = await deps.bests.record({ lessonId, email: learner.email, name: learner.name, score, total, attemptId, achievedAt: stored.createdAt });
    if (improved) await deps.standingsChanged(lessonId);
    mark('quiz.best.recorded', attemptId);
    const settled = stored.gems ?? null;
    const gems = settled ?? (await listener.wait(deps.outcomeTimeoutMs, () => deps.attempts.settledGems(attemptId), deps.announcedGems));
    return { attemptId, score, total, reward, gems };
  } finally {
    await (await listening).close();
  }
}
