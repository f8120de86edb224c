import mongoose from 'mongoose';
import type { Connection } from 'mongoose';
import { splitIdGuard } from './id-guard';

/**
 * FerretDB 1.24 runs update/findAndModify as "query, then write" without a transaction
 * (FerretDB issue #3040), so two concurrent conditional updates of one document can both pass
 * their guard (measured here: 15 of 50 racing `$gte` debits applied to a balance of 10).
 * When the server is FerretDB, this process's modifying calls are therefore serialised per
 * collection. That restores single-document atomicity as long as one process writes a
 * collection – true locally (one instance per service, one database per service).
 * On MongoDB (compose, production) nothing is wrapped.
 */
const WRITES = ['updateOne', 'updateMany', 'replaceOne', 'findOneAndUpdate', 'findOneAndReplace', 'findOneAndDelete', 'deleteOne', 'deleteMany', 'bulkWrite'] as const;

const serialisedClients = new WeakSet<object>();
const tails = new Map<string, Promise<unknown>>();
let installed = false;

/**
 * While the writer lease cannot be confirmed (the database unreachable past its renewal deadline),
 * this process's serialised writes wait here instead of running: another process may hold the lease
 * by the time the database answers again (see writer-lease.ts).
 */
let gate: { closed: Promise<void>; open: () => void } | undefined;

export function pauseWrites(): void {
  if (gate) return;
  let open = () => undefined as void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  gate = { closed, open };
}

export function resumeWrites(): void {
  gate?.open();
  gate = undefined;
}

const whenOpen = (): Promise<void> => gate?.closed ?? Promise.resolve();

function withCollectionLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(fn);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}

type Fn = (...args: unknown[]) => Promise<unknown>;
type CollectionThis = { client: object; namespace: string; findOne: Fn };

const NOTHING_MATCHED = { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };

/**
 * FerretDB 1.24 (SQLite) pushes a filter down to SQLite only when it is `{ _id }` alone; any other
 * condition makes it decode every document of the collection until one matches – tens of ms for a
 * few hundred documents, growing with the data. A guarded update by id (`{ _id, version, … }`, the
 * shape of every hot conditional write here) is therefore run as: read `{ _id }`, test the guard,
 * update `{ _id }`. Inside the collection lock this is as atomic as the original.
 */
function updateOneById(original: Fn): Fn {
  return async function (this: CollectionThis, ...args: unknown[]) {
    const [filter, update, options] = args as [unknown, unknown, { upsert?: boolean; session?: unknown } | undefined];
    const split = options?.upsert ? undefined : splitIdGuard(filter);
    if (!split) return original.apply(this, args);
    const doc = await this.findOne({ _id: split.id }, options?.session ? { session: options.session } : {});
    if (!doc || !split.matches(doc)) return NOTHING_MATCHED;
    return original.apply(this, [{ _id: split.id }, update, options]);
  };
}

function install(): void {
  if (installed) return;
  installed = true;
  const proto = mongoose.mongo.Collection.prototype as unknown as Record<string, Fn>;
  for (const method of WRITES) {
    const original = proto[method];
    if (!original) continue;
    const write = method === 'updateOne' ? updateOneById(original) : original;
    proto[method] = function (this: CollectionThis, ...args: unknown[]) {
      if (!serialisedClients.has(this.client)) return original.apply(this, args);
      return withCollectionLock(this.namespace, () => whenOpen().then(() => write.apply(this, args)));
    };
  }
}

export async function isFerretDb(conn: Connection): Promise<boolean> {
  const info = await conn.db!.admin().command({ buildInfo: 1 });
  return 'ferretdbVersion' in info;
}

/** Serialises this connection's writes per collection when the server is FerretDB; returns whether it did. */
export async function serialiseWritesOnFerretDb(conn: Connection): Promise<boolean> {
  if (!(await isFerretDb(conn))) return false;
  install();
  serialisedClients.add(conn.getClient());
  return true;
}
