import { randomUUID } from 'node:crypto';
import { AppError, mark } from '@kidslearn/lib-core';
import { createEvent, type EventEnvelope } from '@kidslearn/lib-events';
import { AnswersTooLongError, normalizeAnswers, type SubmittedAnswers } from '../domain/answers';
import { scoreAttempt } from '../domain/scoring';
import type { AnswerKeyRepository } from '../data-access/answer-keys';
import type { AttemptRepository } from '../data-access/attempts';
import type { BestRepository } from '../data-access/bests';
import { announcedGems, type OutcomeListener } from '../data-access/outcomes';
import { messages } from '../messages';

export interface SubmitQuizDeps {
  answerKeys: AnswerKeyRepository;
  attempts: AttemptRepository;
  bests: BestRepository;
  outcomes: { listen(attemptId: string): Promise<OutcomeListener> };
  /** called once the attempt and its event are stored: publish the event now */
  afterStored: (attemptId: string, event: EventEnvelope) => void;
  /** called once the learner's best improved: invalidate the lesson's standings */
  afterScored: (lessonId: string) => Promise<void>;
  outcomeTimeoutMs: number;
}

export interface Learner {
  sub: string;
  email: string;
  name: string;
}

export interface QuizResult {
  attemptId: string;
  score: number;
  total: number;
  reward: number;
  /** the learner's new gem total, or null when gems did not settle the attempt in time */
  gems: number | null;
}

/** Scores on the server, stores the attempt with its event, keeps the best, waits briefly for gems. */
export async function submitQuiz(deps: SubmitQuizDeps, learner: Learner, lessonId: string, submitted: SubmittedAnswers): Promise<QuizResult> {
  const key = await deps.answerKeys.find(lessonId);
  if (!key) throw AppError.notFound(messages.lessonNotFound);
  let answers;
  try {
    answers = normalizeAnswers(submitted, key.answerKey.length);
  } catch (error) {
    if (error instanceof AnswersTooLongError) throw AppError.badRequest(messages.answersTooLong(error.total));
    throw error;
  }
  const { score, total, reward } = scoreAttempt(key.answerKey, answers);
  const attemptId = randomUUID();
  const createdAt = new Date();
  const event = createEvent('quiz.attempt.scored', { attemptId, lessonId, email: learner.email, userId: learner.sub, name: learner.name, score, total, reward });

  // Subscribed to the outcome while the attempt is written, so no announcement can come before the
  // subscription and the wait needs no first read of the attempt.
  const listening = deps.outcomes.listen(attemptId);
  try {
    await deps.attempts.create({ _id: attemptId, lessonId, email: learner.email, userId: learner.sub, name: learner.name, answers, score, total, reward, createdAt }, event);
    mark('quiz.attempt.written', attemptId);
    const listener = await listening;
    // Gems can start crediting while the best and the standings are updated.
    deps.afterStored(attemptId, event);
    // Only a new best changes the standings: most submissions under load leave the cached list alone.
    const improved = await deps.bests.record({ lessonId, email: learner.email, name: learner.name, score, total, attemptId, achievedAt: createdAt });
    if (improved) await deps.afterScored(lessonId);
    mark('quiz.best.recorded', attemptId);
    const gems = await listener.wait(deps.outcomeTimeoutMs, () => deps.attempts.settledGems(attemptId), announcedGems);
    return { attemptId, score, total, reward, gems };
  } finally {
    await (await listening).close();
  }
}
