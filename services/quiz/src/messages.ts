// Every message this service sends to people (API error messages).
export const messages = {
  lessonNotFound: 'Lesson not found',
  answersTooLong: (total: number) => `answers must not exceed the ${total} questions of this quiz`,
  invalidLessonId: 'lessonId must be a lesson id',
  /** Shown in the standings for a learner without a usable display name. */
  anonymousLearner: 'Learner',
  /** The same Idempotency-Key sent again with another lesson or other answers. */
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1-200 letters, digits or ._:-',
  /** A token issued before its learner's data was erased. */
  accountErased: 'This account has been deleted.',
} as const;
