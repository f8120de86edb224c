// Every message this service sends to people (API error messages).
export const messages = {
  lessonNotFound: 'Lesson not found',
  answersTooLong: (total: number) => `answers must not exceed the ${total} questions of this quiz`,
  invalidLessonId: 'lessonId must be a lesson id',
} as const;
