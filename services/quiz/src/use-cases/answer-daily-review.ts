import { createEvent, type DailyReviewAnswerInput, type DailyReviewAnswerReply } from '@kidslearn/contracts';
import { AppError } from '@kidslearn/lib-core';
import type { DailyReviewRecord } from '../domain/learning-ports';
import { dayOf, itemKey, nextSchedule } from '../domain/review-schedule';
import { messages } from '../messages';
import { dailyReviewView, liveItems, todaysReview, type DailyReviewDeps } from './daily-review';

/**
 * Once every item is answered: completedAt, with daily.review.completed in the same guarded write (`completedAt:
 * null`), so exactly one event per learner-day however many requests (instances, retries) get here.
 */
async function completeIfDone(deps: DailyReviewDeps, review: DailyReviewRecord, now: Date): Promise<DailyReviewRecord> {
  if (review.completedAt) return review;
  const items = await liveItems(deps, review);
  if (items.length === 0 || !items.every((item) => review.answers[itemKey(item.lessonId, item.question)])) return review;
  const event = createEvent('daily.review.completed', { reviewId: review._id, email: review.email, day: review.day });
  if (await deps.dailyReviews.complete(review._id, now, event)) return { ...review, completedAt: now };
  return (await deps.dailyReviews.find(review._id)) ?? review;
}

/**
 * POST /daily-review/answers: one answer to one of today's items. The first answer of an item stays (guarded
 * write); a repeat (a retry, or a racing twin) answers the stored feedback and changes nothing, but finishes what
 * a first try that stopped half-way left (the schedule, the completion), each applied once.
 */
export async function answerDailyReview(deps: DailyReviewDeps, email: string, input: DailyReviewAnswerInput, now: Date): Promise<DailyReviewAnswerReply> {
  const day = dayOf(now);
  const key = itemKey(input.lessonId, input.question);
  const review = await todaysReview(deps, email, now);
  const answerKey = review?.items.some((item) => itemKey(item.lessonId, item.question) === key) ? await deps.answerKeys.find(input.lessonId) : null;
  const correct = answerKey?.answerKey[input.question];
  if (!review || !answerKey || !correct) throw AppError.notFound(messages.notInTodaysReview);

  let current = review;
  let stored = review.answers[key];
  if (!stored) {
    const answer = { answer: input.answer, isCorrect: input.answer === correct, correct, at: now };
    current = (await deps.dailyReviews.recordAnswer(review._id, key, answer)) ?? (await deps.dailyReviews.find(review._id)) ?? review;
    stored = current.answers[key] ?? answer;
  }
  const step = (await deps.schedules.find(email, input.lessonId, input.question))?.step ?? 0;
  await deps.schedules.apply(email, input.lessonId, input.question, nextSchedule(step, stored.isCorrect, day), review._id);
  current = await completeIfDone(deps, current, now);
  return { isCorrect: stored.isCorrect, correct: stored.correct, explanation: answerKey.explanations[input.question] ?? null, review: await dailyReviewView(deps, email, day, current) };
}
