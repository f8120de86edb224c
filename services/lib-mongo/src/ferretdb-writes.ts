import mongoose from 'mongoose';
import type { Connection } from 'mongoose';

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

function install(): void {
  if (installed) return;
  installed = true;
  type Fn = (...args: unknown[]) => Promise<unknown>;
  const proto = mongoose.mongo.Collection.prototype as unknown as Record<string, Fn>;
  for (const method of WRITES) {
    const original = proto[method];
    if (!original) continue;
    proto[method] = function (this: { client: object; namespace: string }, ...args: unknown[]) {
      if (!serialisedClients.has(this.client)) return original.apply(this, args);
      return withCollectionLock(this.namespace, () => original.apply(this, args));
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
