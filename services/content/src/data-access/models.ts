import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { outboxFields } from '@kidslearn/lib-mongo';

// Collections of kidslearn-content. Every change is a single-document write; events ride in the same document
// (outbox) so a crash between write and publish loses nothing.

const partSchema = new Schema({ name: { type: String, required: true }, link: { type: String, required: true } }, { _id: false });
const questionSchema = new Schema(
  {
    question: { type: String, required: true },
    optionA: { type: String, required: true },
    optionB: { type: String, required: true },
    optionC: { type: String, required: true },
    optionD: { type: String, required: true },
    correctAnswer: { type: String, required: true, enum: ['A', 'B', 'C', 'D'] },
    // Why the answer is right (shown to the learner after the attempt, by quiz); absent when there is none.
    explanation: { type: String },
  },
  { _id: false },
);

const lessonSchema = new Schema(
  {
    lessonHeading: { type: String, required: true },
    parts: { type: [partSchema], default: [] },
    quiz: { type: [questionSchema], default: [] },
    createdAt: { type: Date, default: () => new Date() },
    // Set when an admin deletes the lesson: it is kept as a tombstone (its lesson.deleted leaves through its
    // outbox) and never listed, announced or re-seeded again.
    deletedAt: { type: Date },
    ...outboxFields,
  },
  { collection: 'lessons', versionKey: false },
);

const reviewSchema = new Schema(
  {
    name: { type: String },
    title: { type: String },
    email: { type: String },
    message: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
    // Moderation: a hidden review is never published. `flagged` = held back by the blocklist at posting
    // (`flagReason` says why), waiting for an admin; `moderatedAt` = when an admin last hid or showed it.
    hidden: { type: Boolean, default: false },
    flagged: { type: Boolean, default: false },
    flagReason: { type: String },
    moderatedAt: { type: Date },
  },
  { collection: 'reviews', versionKey: false },
);

// One document: the lock every role change takes (see role-change-lock.ts), decided by one guarded update.
const roleChangeLockSchema = new Schema(
  { _id: { type: String, required: true }, holder: { type: String, default: null }, expiresAt: { type: Date, default: null } },
  { collection: 'role_change_lock', versionKey: false },
);

const avatarSchema = new Schema({ file: { type: String, required: true, unique: true } }, { collection: 'avatars', versionKey: false });

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    name: { type: String, default: '' },
    role: { type: String, enum: ['user', 'admin'], default: 'user' },
    gems: { type: Number, default: 0 },
    // Version of the last gems.balance.changed applied: a stale event never overwrites a newer balance.
    gemsVersion: { type: Number, default: 0 },
    img: { type: String, default: '' },
    // The user's own picture (registration photo or first sign-in picture): an allowed avatar choice.
    photoUrl: { type: String },
    created_At: { type: String },
    last_log_in: { type: String },
    ...outboxFields,
  },
  { collection: 'users', versionKey: false },
);

const photoSchema = new Schema(
  {
    // 128 random bits (hex): a photo URL cannot be guessed.
    _id: { type: String, required: true },
    contentType: { type: String, required: true },
    size: { type: Number, required: true },
    data: { type: Buffer, required: true },
    // The learner the photo shows (lower-cased email): only they and admins are served it.
    owner: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { collection: 'photos', versionKey: false },
);

export type LessonDoc = InferSchemaType<typeof lessonSchema>;
export type ReviewDoc = InferSchemaType<typeof reviewSchema>;
export type AvatarDoc = InferSchemaType<typeof avatarSchema>;
export type UserDoc = InferSchemaType<typeof userSchema>;
export type PhotoDoc = InferSchemaType<typeof photoSchema>;
export type RoleChangeLockDoc = InferSchemaType<typeof roleChangeLockSchema>;

export interface Models {
  Lesson: Model<LessonDoc>;
  Review: Model<ReviewDoc>;
  Avatar: Model<AvatarDoc>;
  User: Model<UserDoc>;
  Photo: Model<PhotoDoc>;
  RoleChangeLock: Model<RoleChangeLockDoc>;
}

export function createModels(conn: Connection): Models {
  return {
    Lesson: conn.model('Lesson', lessonSchema),
    Review: conn.model('Review', reviewSchema),
    Avatar: conn.model('Avatar', avatarSchema),
    User: conn.model('User', userSchema),
    Photo: conn.model('Photo', photoSchema),
    RoleChangeLock: conn.model('RoleChangeLock', roleChangeLockSchema),
  };
}
