import { createHash, randomUUID } from 'node:crypto';

/** Lesson ids come from the content service (ObjectId hex or a slug); safe as keys and in URLs. */
export { lessonIdSchema } from '@kidslearn/contracts';

/** The Idempotency-Key a client may send with a submission (the drill and the portal do). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * The id of an attempt: derived from the learner and their Idempotency-Key when there is one, so a retried
 * submission (also on another instance, also after the first one's instance died) is the same attempt;
 * random otherwise.
 */
export function attemptIdFor(email: string, idempotencyKey: string | undefined): string {
  if (!idempotencyKey) return randomUUID();
  const hex = createHash('sha256').update(`kidslearn:attempt:v1\n${email}\n${idempotencyKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const digest = (...parts: string[]): string => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);

/**
 * The id of a learner's review of one day (also the reviewId of its daily.review.completed): derived, so the
 * first GET of the day on any instance makes the same document, and without the email in it (gems keeps it).
 */
export const dailyReviewId = (email: string, day: string): string => digest('kidslearn:daily-review:v1', email, day);

/** The id of one question's review schedule for a learner. */
export const reviewScheduleId = (email: string, lessonId: string, question: number): string => digest('kidslearn:review-schedule:v1', email, lessonId, String(question));
