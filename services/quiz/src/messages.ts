// Every message this service sends to people (API error messages).
export const messages = {
  lessonNotFound: 'Lesson not found',
  answersTooLong: (total: number) => `answers must not exceed the ${total} questions of this quiz`,
  invalidLessonId: 'lessonId must be a lesson id',
  /** Shown in the standings for a learner without a usable display name. */
  anonymousLearner: 'Learner',
} as const;
