import type { LessonProgressRow, PracticeRunResult } from '@kidslearn/contracts';
import { AppError } from '@kidslearn/lib-core';
import type { Answer } from '../domain/answers';
import type { OwnAttempts, PracticeStore } from '../domain/learning-ports';
import { isStrongRun, progressOf } from '../domain/learning';
import type { AnswerKeyStore, BestStore } from '../domain/ports';
import { scoreAttempt } from '../domain/scoring';
import { messages } from '../messages';

export interface PracticeDeps {
  answerKeys: AnswerKeyStore;
  ownAttempts: OwnAttempts;
  practice: PracticeStore;
}

/**
 * POST /practice-results: a finished practice run, scored here from the key and counted (best, count, strong
 * runs, last date). Only after the lesson's quiz; no gems, no standings, no events.
 */
export async function recordPracticeRun(deps: PracticeDeps, email: string, lessonId: string, answers: Answer[], now: Date): Promise<PracticeRunResult> {
  const key = await deps.answerKeys.find(lessonId);
  if (!key) throw AppError.notFound(messages.lessonNotFound);
  if (answers.length !== key.answerKey.length) throw AppError.badRequest(messages.practiceAnswersLength(key.answerKey.length));
  const attempt = await deps.ownAttempts.of(email, lessonId);
  if (!attempt) throw AppError.conflict(messages.practiceBeforeQuiz);
  const { score, total } = scoreAttempt(key.answerKey, answers);
  const practice = await deps.practice.record(email, lessonId, { score, total, strong: isStrongRun(score, total), at: now });
  return { lessonId, score, total, practice, progress: progressOf(attempt, practice) };
}

/** GET /quiz-results/progress: one row per lesson the learner took the quiz of (newest first). */
export async function lessonProgress(deps: { bests: BestStore; practice: PracticeStore }, email: string): Promise<LessonProgressRow[]> {
  const [bests, practice] = await Promise.all([deps.bests.mine(email), deps.practice.byLearner(email)]);
  return bests.map((best) => {
    const summary = practice.get(best.lessonId) ?? null;
    return { lessonId: best.lessonId, progress: progressOf(best, summary), practice: summary };
  });
}
