// The events the services exchange (docs/CONTRACTS.md "Events"): one schema per type, used by the publisher
// (createEvent accepts only the schema's data) and by every consumer (lib-events parses each delivery with it;
// a delivery that does not parse is poison). `from` and `to` say who publishes and who consumes: the broker's
// queues are declared from them.
import { linkIdSchema, monthlyGemCapSchema } from './family';
import { EXPLANATION_MAX, LETTERS } from './lesson';
import { z } from './zod';

/** A learner across services: the lower-cased email of the verified token. */
const email = z.string().trim().toLowerCase().pipe(z.email().max(254));
/** Content's lesson ids (ObjectId hex or a slug): safe as keys and in URLs, no dot, dollar or colon. */
export const lessonIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a lesson id');
const id = z.string().min(1).max(100);
const count = z.number().int().min(0);

export type ServiceName = 'content' | 'quiz' | 'gems' | 'gifts';

interface CatalogueEntry<S extends z.ZodType> {
  schema: S;
  from: ServiceName;
  to: readonly ServiceName[];
}
const entry = <S extends z.ZodType>(schema: S, from: ServiceName, to: readonly ServiceName[]): CatalogueEntry<S> => ({ schema, from, to });

export const eventCatalogue = {
  /** A lesson was created (or is announced again): quiz keeps its answer key. */
  'lesson.created': entry(
    z.object({
      lessonId: lessonIdSchema,
      lessonHeading: z.string().min(1).max(500),
      answerKey: z.array(z.enum(LETTERS)).min(1).max(50),
      /** per question (same order as answerKey): the explanation, null when the lesson has none for it */
      explanations: z.array(z.string().max(EXPLANATION_MAX).nullable()).max(50).optional(),
    }),
    'content',
    ['quiz'],
  ),
  /** An admin deleted a lesson: quiz stops accepting and showing it (a later announcement of it is ignored). */
  'lesson.deleted': entry(z.object({ lessonId: lessonIdSchema }), 'content', ['quiz']),
  /** A consumer with an empty answer-key store (quiz at start-up) asks content to announce every lesson again. */
  'lesson.announcement.requested': entry(z.object({ service: z.string().min(1).max(100) }), 'quiz', ['content']),
  /** An attempt was scored on the server; gems credits the top-up to the lesson's best reward. */
  'quiz.attempt.scored': entry(
    z.object({
      attemptId: id,
      lessonId: lessonIdSchema,
      email,
      userId: z.string().max(100),
      name: z.string().max(500),
      score: count,
      total: count,
      reward: z.number().int().min(0).max(2),
    }),
    'quiz',
    ['gems'],
  ),
  /** Gems settled an attempt (amount may be 0); quiz records the outcome and answers the waiting request. */
  'gems.credited': entry(z.object({ attemptId: id, lessonId: lessonIdSchema, email, amount: count, balance: count }), 'gems', ['quiz']),
  /** A balance changed; content mirrors it on the user record (the higher version wins). */
  'gems.balance.changed': entry(z.object({ email, balance: count, version: count }), 'gems', ['content']),
  /** A learner asked for a gift; gems debits the cost if the balance covers it. */
  'redemption.requested': entry(z.object({ redemptionId: id, email, cost: z.number().int().positive() }), 'gifts', ['gems']),
  'gems.debited': entry(z.object({ redemptionId: id, email, cost: z.number().int().positive(), balance: count }), 'gems', ['gifts']),
  'gems.debit.rejected': entry(
    z.object({ redemptionId: id, email, cost: z.number().int().positive(), balance: count, reason: z.string().min(1).max(200) }),
    'gems',
    ['gifts'],
  ),
  /** A learner finished the day's review for the first time that day: gems credits DAILY_REVIEW_GEMS once. */
  'daily.review.completed': entry(z.object({ reviewId: id, email, day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }), 'quiz', ['gems']),
  /** The user record's name, with the write that set it (registration, sign-in): the standings show it. */
  'user.profile.changed': entry(z.object({ email, name: z.string().max(200) }), 'content', ['quiz']),
  /**
   * A parent consented for a child, or changed the child's settings: every service keeps the link (the parent may
   * read the child's data there; gifts asks the parent and keeps the monthly cap). The higher `version` wins.
   */
  'family.linked': entry(
    z.object({ linkId: linkIdSchema, childEmail: email, parentEmail: email, approveGifts: z.boolean(), monthlyGemCap: monthlyGemCapSchema, version: count }),
    'content',
    ['quiz', 'gems', 'gifts'],
  ),
  /** The parent withdrew consent, or the child's data was erased: the link is gone (a tombstone at `version`). */
  'family.unlinked': entry(z.object({ linkId: linkIdSchema, childEmail: email, parentEmail: email, version: count }), 'content', ['quiz', 'gems', 'gifts']),
  /** A parent declined a gift request whose gems were held: gems credits the cost back once (ledger kind refund). */
  'redemption.declined': entry(z.object({ redemptionId: id, email, cost: z.number().int().positive() }), 'gifts', ['gems']),
  /** A learner's data is being erased: every service records a tombstone and deletes what it holds. */
  'learner.erased': entry(z.object({ email, erasureId: id }), 'content', ['quiz', 'gems', 'gifts']),
} as const;

export type EventCatalogue = typeof eventCatalogue;
export type EventType = keyof EventCatalogue;
/** What a publisher hands to createEvent. */
export type EventInput<T extends EventType> = z.input<EventCatalogue[T]['schema']>;
/** What a consumer receives once the delivery parsed. */
export type EventData<T extends EventType> = z.output<EventCatalogue[T]['schema']>;

/** The envelope of a catalogued event (lib-events' EventEnvelope with typed data). */
export interface Event<T extends EventType = EventType> {
  id: string;
  type: T;
  version: number;
  occurredAt: string;
  data: EventData<T>;
}

export const EVENT_TYPES = Object.keys(eventCatalogue) as EventType[];
export const isEventType = (type: string): type is EventType => Object.hasOwn(eventCatalogue, type);

/**
 * A new event of `type` (version 1): the data is checked against the type's schema (a publisher's bug fails
 * here, not in every consumer) and stored as the schema outputs it (e.g. the email lower-cased).
 */
export function createEvent<T extends EventType>(type: T, data: EventInput<T>): Event<T> {
  const parsed = eventCatalogue[type].schema.parse(data) as EventData<T>;
  return { id: globalThis.crypto.randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data: parsed };
}

/** The delivery's data parsed with its type's schema; `{ error }` names what is wrong. */
export function parseEventData<T extends EventType>(type: T, data: unknown): { data: EventData<T> } | { error: string } {
  const result = eventCatalogue[type].schema.safeParse(data);
  if (result.success) return { data: result.data as EventData<T> };
  return { error: result.error.issues.map((issue) => `${issue.path.join('.') || '(data)'} ${issue.message}`).join('; ') };
}

/** The event types each service consumes, from the catalogue (the broker declares their queues from this). */
export function consumedEventTypes(): Record<ServiceName, EventType[]> {
  const byService: Record<ServiceName, EventType[]> = { content: [], quiz: [], gems: [], gifts: [] };
  for (const type of EVENT_TYPES) for (const service of eventCatalogue[type].to) byService[service].push(type);
  return byService;
}
