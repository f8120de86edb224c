export { LETTERS, createLessonSchema, partSchema, questionSchema, lessonMessages, type Letter, type NewLesson, type Question } from './lesson';
export { PENDING_SEARCH_MAX, type Address, type PendingRedemptionsPage, type PendingRedemptionsQuery, type RedeemReply, type Redemption, type RedemptionStatus } from './redemption';
export type { OwnResult, QuizResult, StandingRow } from './quiz';
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
