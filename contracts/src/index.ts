export { LETTERS, createLessonSchema, partSchema, questionSchema, lessonMessages, type Letter, type NewLesson, type Question } from './lesson';
export type { Address, PendingRedemptionsPage, RedeemReply, Redemption, RedemptionStatus } from './redemption';
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
