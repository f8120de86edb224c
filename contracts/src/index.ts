export { LETTERS, createLessonSchema, partSchema, questionSchema, lessonMessages, type Letter, type NewLesson, type Question } from './lesson';
export type { Address, RedemptionStatus } from './redemption';
