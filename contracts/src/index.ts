export { EXPLANATION_MAX, LETTERS, createLessonSchema, partSchema, questionSchema, lessonMessages, type Letter, type NewLesson, type Question } from './lesson';
export { PENDING_SEARCH_MAX, type Address, type PendingRedemptionsPage, type PendingRedemptionsQuery, type RedeemReply, type Redemption, type RedemptionStatus } from './redemption';
export type { OwnResult, QuizResult, StandingRow } from './quiz';
export {
  DAILY_REVIEW_GEMS,
  DAILY_REVIEW_SIZE,
  MASTERY_PRACTICE_PERCENT,
  MASTERY_PRACTICE_RUNS,
  REVIEW_INTERVAL_DAYS,
  type AnswerReview,
  type DailyReview,
  type DailyReviewAnswerInput,
  type DailyReviewAnswerReply,
  type DailyReviewItem,
  type LessonProgress,
  type LessonProgressRow,
  type PracticeRunInput,
  type PracticeRunResult,
  type PracticeSummary,
  type ReviewedQuestion,
} from './learning';
export {
  EVENT_TYPES,
  consumedEventTypes,
  createEvent,
  eventCatalogue,
  isEventType,
  lessonIdSchema,
  parseEventData,
  type Event,
  type EventCatalogue,
  type EventData,
  type EventInput,
  type EventType,
  type ServiceName,
} from './events';
