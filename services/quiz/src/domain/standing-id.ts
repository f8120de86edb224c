import { createHash } from 'node:crypto';

/**
 * The id of a learner's best result on one lesson. Derived (so updates are single-document upserts)
 * and opaque (standings are shown to other learners, so the email must not leak through it).
 */
export function standingId(lessonId: string, email: string): string {
  return createHash('sha256').update(`${lessonId}\n${email}`).digest('hex').slice(0, 32);
}
