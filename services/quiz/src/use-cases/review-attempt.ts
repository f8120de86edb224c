import type { AnswerReview } from '@kidslearn/contracts';
import { AppError } from '@kidslearn/lib-core';
import type { OwnAttempts } from '../domain/learning-ports';
import { reviewedQuestions } from '../domain/learning';
import type { AnswerKeyStore } from '../domain/ports';
import { messages } from '../messages';

export interface ReviewAttemptDeps {
  answerKeys: AnswerKeyStore;
  ownAttempts: OwnAttempts;
}

/**
 * GET /quiz-results/{lessonId}/review: the learner's own recorded attempt with the key and the explanations.
 * Without an attempt of that learner the key is never read out: 404, as for an unknown lesson.
 */
export async function reviewOwnAttempt(deps: ReviewAttemptDeps, email: string, lessonId: string): Promise<AnswerReview> {
  const attempt = await deps.ownAttempts.of(email, lessonId);
  const key = attempt ? await deps.answerKeys.find(lessonId) : null;
  if (!attempt || !key) throw AppError.notFound(messages.noAttemptToReview);
  return { lessonId, score: attempt.score, total: attempt.total, questions: reviewedQuestions(key.answerKey, key.explanations, attempt.answers) };
}
