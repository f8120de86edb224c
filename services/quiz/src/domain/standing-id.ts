import { createHash, createHmac } from 'node:crypto';

/**
 * The stored id of a learner's best result on one lesson. Derived, so updates are single-document
 * upserts; internal only: anyone who knows an email could compute it, so it is never shown.
 */
export function standingId(lessonId: string, email: string): string {
  return createHash('sha256').update(`${lessonId}\n${email}`).digest('hex').slice(0, 32);
}

/**
 * The id a standings row carries on the wire: keyed with this deployment's secret row key, so nobody
 * can match a row to an email by hashing addresses; stable, so the learner's own row can be marked
 * (GET /quiz-results/mine hands each learner their own row ids).
 */
export function publicStandingId(rowKey: Buffer, lessonId: string, email: string): string {
  return createHmac('sha256', rowKey).update(`${lessonId}\n${email}`).digest('hex').slice(0, 32);
}
