import { createHash } from 'node:crypto';
import DataLoader from 'dataloader';
import { Schema, type Connection, type Model } from 'mongoose';
import { AppError } from '@kidslearn/lib-core';
import type { EventEnvelope } from '@kidslearn/lib-events';
import type { Outbox } from './outbox';
import { readsOfOneTurn } from './reads-of-one-turn';
import { outboxFields } from './outbox-fields';

/**
 * How long after an erasure things about the learner that are still in flight are dropped (10 min).
 * Twice the realm's access-token lifespan (5 min): a request made with a token issued before the
 * erasure, on a service that had not yet heard of it, produces events up to that long after; a
 * reconciler's re-drive keeps the time of the original request (so it is covered however late).
 */
export const ERASURE_GRACE_MS = 10 * 60_000;

/**
 * The key of a learner's tombstone: a one-way, domain-separated hash of the lower-cased email. It names
 * nobody; only someone who already knows the address can match it, and it is never shown or sent.
 */
export function erasureKey(email: string): string {
  return createHash('sha256').update(`kidslearn:erased-learner:v1\n${email.trim().toLowerCase()}`).digest('hex');
}

export interface ErasureDoc {
  _id: string;
  /** When the learner was (last) erased: the `learner.erased` event's `occurredAt`. Only ever moves forward. */
  erasedAt: Date;
  outbox: EventEnvelope[];
  processedEventIds: string[];
}

const schema = new Schema<ErasureDoc>(
  {
    _id: { type: String, required: true },
    erasedAt: { type: Date, required: true },
    ...outboxFields,
  },
  { collection: 'erasures', versionKey: false },
);

/**
 * How long the check made once a request is answered waits to be read together with the others: one read of the
 * tombstones answers every such check of this process in the window (at 100 writes a second, one read instead of
 * five). It is off every path: the request was answered. A consumer's check is not delayed (it holds the message's
 * ack, and so a prefetch slot: waiting there cut gems' throughput under load); it shares a read with the questions
 * asked in the same turn of the event loop (see `current` below).
 */
export const AFTER_WRITE_CHECK_WINDOW_MS = 50;

export type Instant = Date | string | number;
const millis = (at: Instant): number => (at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at));

export interface ErasureLog {
  model: Model<ErasureDoc>;
  /** Reads every tombstone into this process's copy (at start). */
  load(): Promise<void>;
  /**
   * Records that the learner was erased at `erasedAt` (idempotent; a later erasure moves it forward), with
   * the events to publish through the outbox in the same write (content: `learner.erased`; the log was made
   * with `outboxOf`).
   */
  record(email: string, erasedAt: Date, events?: EventEnvelope[]): Promise<void>;
  /** When the learner was last erased (the database's answer), or null. */
  erasedAt(email: string): Promise<Date | null>;
  /**
   * Is something about `email` that originated at `originatedAt` older than its erasure (plus `graceMs`)?
   * Then it must not be written. Reads the database (and refreshes this process's copy).
   */
  refuses(email: string, originatedAt: Instant, graceMs?: number): Promise<boolean>;
  /**
   * `refuses`, asked once a request was answered: read together with the other such checks of the next
   * AFTER_WRITE_CHECK_WINDOW_MS (one read for all of them).
   */
  refusesAfterWrite(email: string, originatedAt: Instant, graceMs?: number): Promise<boolean>;
  /**
   * The same question answered from this process's copy, without a read: a "yes" is always right (a
   * tombstone never goes back); a "no" may miss an erasure another instance recorded meanwhile, which is
   * why every writer checks again with `refuses` once it has written (see `writeUnlessErased`).
   */
  knownToRefuse(email: string, originatedAt: Instant, graceMs?: number): boolean;
}

/**
 * The tombstones of erased learners, one collection per service database. A service records one when it
 * erases a learner and checks it before and after writing anything that is about a learner: an event
 * still in flight, a reconciler's re-drive, a request with a token issued before the erasure.
 */
export function createErasureLog(conn: Connection, options: { outboxOf?: (model: Model<ErasureDoc>) => Outbox<ErasureDoc> } = {}): ErasureLog {
  const model = (conn.models.Erasure as Model<ErasureDoc> | undefined) ?? conn.model<ErasureDoc>('Erasure', schema);
  // Only the service that announces erasures (content) writes events with its tombstones.
  const outbox = options.outboxOf?.(model);
  const known = new Map<string, number>();
  const remember = (key: string, at: number) => {
    if (at > (known.get(key) ?? -Infinity)) known.set(key, at);
  };
  const covered = (erasedAtMs: number | undefined, originatedAt: Instant, graceMs: number) =>
    // An unreadable time cannot prove it is newer than the erasure: refused.
    erasedAtMs !== undefined && !(millis(originatedAt) > erasedAtMs + graceMs);

  // Tombstones by key, one read for the keys asked together (the same turn of the event loop; or an after-write window).
  const readTombstones = async (keys: readonly string[]): Promise<Array<number | null>> => {
    const docs = await model.find({ _id: { $in: [...new Set(keys)] } }, { erasedAt: 1 }).lean<Pick<ErasureDoc, '_id' | 'erasedAt'>[]>().exec();
    for (const doc of docs) remember(doc._id, doc.erasedAt.getTime());
    const found = new Map(docs.map((doc) => [doc._id, doc.erasedAt.getTime()]));
    return keys.map((key) => found.get(key) ?? null);
  };
  // No cache: every question is answered by a read made after it was asked, shared with the questions of the same
  // turn of the event loop (reads-of-one-turn.ts).
  const current = readsOfOneTurn(readTombstones);
  const afterWrite = new DataLoader(readTombstones, { cache: false, maxBatchSize: 500, batchScheduleFn: (read) => setTimeout(read, AFTER_WRITE_CHECK_WINDOW_MS) });

  const erasedAt = async (email: string): Promise<Date | null> => {
    const at = await current(erasureKey(email));
    return at === null ? null : new Date(at);
  };

  return {
    model,
    async load() {
      for (const doc of await model.find({}, { erasedAt: 1 }).lean<Pick<ErasureDoc, '_id' | 'erasedAt'>[]>().exec()) remember(doc._id, doc.erasedAt.getTime());
    },
    async record(email, at, events = []) {
      const key = erasureKey(email);
      if (events.length > 0) {
        if (!outbox) throw new Error('createErasureLog: events need an outbox (options.outboxOf)');
        await outbox.update({ _id: key }, { $max: { erasedAt: at } }, events, { upsert: true });
      } else {
        await model.updateOne({ _id: key }, { $max: { erasedAt: at } }, { upsert: true }).exec();
      }
      remember(key, at.getTime());
    },
    erasedAt,
    async refuses(email, originatedAt, graceMs = 0) {
      return covered((await erasedAt(email))?.getTime(), originatedAt, graceMs);
    },
    async refusesAfterWrite(email, originatedAt, graceMs = 0) {
      return covered((await afterWrite.load(erasureKey(email))) ?? undefined, originatedAt, graceMs);
    },
    knownToRefuse(email, originatedAt, graceMs = 0) {
      return covered(known.get(erasureKey(email)), originatedAt, graceMs);
    },
  };
}

/**
 * What a write given to `writeUnlessErased` returns when it created nothing: it changed only records that were there
 * before it (no insert, no upsert that made one), or nothing at all. For records the erasure deletes, nothing such a
 * write did can outlive an erasure: one that deleted first leaves the write nothing to match, one that deletes after
 * removes what it wrote. So no check is needed once written (one read fewer per write of that kind). Records the write
 * makes later, apart from it (copies), are checked when they land: `eraseAgainAfterCopies`.
 */
export const CREATED_NOTHING = Symbol('the write created no record');

/**
 * Writes something about a learner unless the learner was erased after it originated; resolves false when
 * it was dropped. Checks again once written (a read shared with the checks of the same event-loop turn), unless the write
 * answered CREATED_NOTHING: an erasure recorded while the write ran (another instance, a consumer running beside a
 * request) is then applied again by `eraseAgain`, so whichever of the two runs last removes the data. The erasure
 * records its tombstone before it deletes, which makes this sound.
 */
export async function writeUnlessErased(
  erasures: ErasureLog,
  about: { email: string; originatedAt: Instant; graceMs?: number },
  write: () => Promise<unknown>,
  eraseAgain: (email: string) => Promise<void>,
): Promise<boolean> {
  const { email, originatedAt, graceMs = ERASURE_GRACE_MS } = about;
  if (erasures.knownToRefuse(email, originatedAt, graceMs)) return false;
  if ((await write()) === CREATED_NOTHING) return true;
  if (await erasures.refuses(email, originatedAt, graceMs)) {
    await eraseAgain(email);
    return false;
  }
  return true;
}

/**
 * For records a service copies apart from the write that made them (gems copies a balance change's ledger line and
 * lesson best to their collections after the balance is written, in batches). Such a write is CREATED_NOTHING for
 * `writeUnlessErased`, and its copies are checked here instead: a copy can land after another instance's erasure
 * deleted the rows, so once copies landed, each of their learners erased within `graceMs` before the landing is
 * erased again. Off every path, the copies that land within `windowMs` (1 s) are checked together: one read of the
 * tombstones for all of them, where a check per write cost a read per event. A check or erasure that fails is tried
 * again with the next window (until it succeeds or the process stops).
 */
export function eraseAgainAfterCopies(opts: {
  erasures: ErasureLog;
  eraseAgain: (email: string) => Promise<void>;
  onError: (err: unknown) => void;
  graceMs?: number;
  windowMs?: number;
}): (emails: Iterable<string>) => void {
  const { erasures, eraseAgain, onError, graceMs = ERASURE_GRACE_MS, windowMs = 1000 } = opts;
  // The learners whose copies landed and are not checked yet, with when the first of them landed.
  let landed = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const later = () => {
    timer ??= setTimeout(checkLanded, windowMs).unref();
  };
  function checkLanded() {
    timer = undefined;
    const checking = landed;
    landed = new Map();
    let failed = false;
    for (const [email, landedAt] of checking) {
      erasures
        .refusesAfterWrite(email, landedAt, graceMs)
        .then((erased) => (erased ? eraseAgain(email) : undefined))
        .catch((err: unknown) => {
          landed.set(email, Math.min(landedAt, landed.get(email) ?? Infinity));
          if (!failed) onError(err);
          failed = true;
          later();
        });
    }
  }
  return (emails) => {
    const now = Date.now();
    for (const email of emails) if (!landed.has(email)) landed.set(email, now);
    if (landed.size > 0) later();
  };
}

/** What the guard needs of a request and its response (express's, structurally: lib-mongo has no express). */
interface CallerRequest {
  method: string;
  auth?: { email?: string; isAdmin?: boolean; issuedAtMs?: number };
}
interface FinishingResponse {
  statusCode: number;
  on(event: 'finish', listener: () => void): unknown;
}

/**
 * Mounted after authentication on a learner's routes: a token issued before its learner was erased (the
 * Keycloak account is gone, but the token lives until it expires) gets 401 with `message`. A writing request asks
 * the database (one read by id): the erasure may have been recorded by another instance, whose copy this process
 * does not share. A read is answered from this process's copy (the learner's data is gone either way). Once a
 * writing request has finished, the database is asked again (with the other after-write checks of the moment) and `eraseAgain` removes what the request wrote if an
 * erasure landed meanwhile (the `learner.erased` consumer running beside it). Admins are never erased, so never
 * refused.
 */
export function erasedCallerGuard(opts: { erasures: ErasureLog; message: string; eraseAgain: (email: string) => Promise<void>; onError: (err: unknown) => void }) {
  const { erasures, message, eraseAgain, onError } = opts;
  return (req: CallerRequest, res: FinishingResponse, next: (err?: unknown) => void): void => {
    const caller = req.auth;
    const email = caller?.email;
    if (!email || caller.isAdmin) return next();
    const issuedAt = caller.issuedAtMs ?? 0;
    if (erasures.knownToRefuse(email, issuedAt)) return next(AppError.unauthorized(message));
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.on('finish', () => {
      if (res.statusCode >= 400) return;
      erasures
        .refusesAfterWrite(email, issuedAt)
        .then((erased) => (erased ? eraseAgain(email) : undefined))
        .catch(onError);
    });
    erasures.refuses(email, issuedAt).then(
      (erased) => next(erased ? AppError.unauthorized(message) : undefined),
      (err: unknown) => next(err),
    );
  };
}
