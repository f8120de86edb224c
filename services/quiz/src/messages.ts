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
  /** Issue 21: the review of one's own attempt, practice, the daily review. */
  noAttemptToReview: "You have not taken this lesson's quiz yet, so there are no answers to show.",
  practiceBeforeQuiz: "Take this lesson's quiz first.",
  practiceAnswersLength: (total: number) => `answers must have exactly ${total} items, one per question of this quiz`,
  notInTodaysReview: "This question is not in today's review.",
  testNowInvalid: 'X-Test-Now must be an ISO 8601 date and time',
  /** A token issued before its learner's data was erased. */
  accountErased: 'This account has been deleted.',
} as const;
