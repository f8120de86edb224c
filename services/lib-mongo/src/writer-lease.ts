import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import mongoose from 'mongoose';
import type { Connection } from 'mongoose';
import type { Logger } from '@kidslearn/lib-core';
import { isFerretDb, pauseWrites, resumeWrites } from './ferretdb-writes';

/**
 * One writer per database on FerretDB. Its writes are only atomic inside one process (the
 * per-process lock of ferretdb-writes.ts), so a second process of a service would double-spend.
 *
 * FerretDB 1.24 runs every update as "query, then write", so an update cannot decide between two
 * processes; only an insert can (the unique `_id`). The lease is therefore a series of terms, one
 * document each (`{ _id: term, owner, expiresAt }`): a process takes the lease by INSERTING the next
 * term, allowed only when the newest term has expired (or its holder process is gone from this
 * host); a racing taker gets a duplicate key and refuses. Only the holder ever updates its term
 * (renewal, release). Before its term can expire unrenewed it holds its own writes, and it exits
 * when it finds its term taken over, so a newer term never meets a writing older holder.
 */
export const LEASE_COLLECTION = 'writer_lease';

interface LeaseDoc {
  _id: number;
  owner: string;
  host: string;
  pid: number;
  expiresAt: Date;
}

export interface WriterLease {
  owner: string;
  /** false on MongoDB, where writes are atomic and no lease is taken */
  held: boolean;
  /** Stops renewing and lets the next instance in at once (graceful shutdown: after the last write). */
  release(): Promise<void>;
}

export interface WriterLeaseOptions {
  logger: Logger;
  ttlMs?: number;
  renewEveryMs?: number;
  /** Another process took the lease: stop writing. Default: log and exit(1). */
  onLost?: (reason: string) => void;
}

export class WriterLeaseHeldError extends Error {
  constructor(
    readonly db: string,
    readonly holder: string,
    readonly expiresAt: Date,
  ) {
    super(`the writer lease of database ${db} is held by ${holder} (until ${expiresAt.toISOString()}): another instance is running; refusing to start a second writer`);
    this.name = 'WriterLeaseHeldError';
  }
}

function processGone(doc: LeaseDoc): boolean {
  if (doc.host !== hostname() || doc.pid === process.pid) return false;
  try {
    process.kill(doc.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const exitOnLost = (logger: Logger) => (reason: string) => {
  logger.fatal({ reason }, 'writer lease lost: exiting so that only one instance writes');
  process.exit(1);
};

/** Takes the writer lease of the database at `url` or throws WriterLeaseHeldError; renews it until released. */
export async function holdWriterLease(url: string, options: WriterLeaseOptions): Promise<WriterLease> {
  const { logger, ttlMs = 15_000, renewEveryMs = 5_000, onLost = exitOnLost(logger) } = options;
  if (renewEveryMs * 2 >= ttlMs) throw new Error('writer lease: renewEveryMs must be under half of ttlMs');
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const conn: Connection = await mongoose.createConnection(url, { serverSelectionTimeoutMS: 10_000, retryWrites: false }).asPromise();
  if (!(await isFerretDb(conn))) {
    await conn.close();
    return { owner, held: false, release: async () => undefined };
  }
  const leases = conn.db!.collection<LeaseDoc>(LEASE_COLLECTION);
  const refuse = async (latest: LeaseDoc | undefined): Promise<never> => {
    await conn.close();
    const err = new WriterLeaseHeldError(conn.name, latest?.owner ?? 'another instance', latest?.expiresAt ?? new Date());
    logger.fatal({ db: conn.name, holder: err.holder, expiresAt: err.expiresAt }, err.message);
    throw err;
  };
  const newest = async () => (await leases.find({}).sort({ _id: -1 }).limit(1).toArray())[0];

  let renewedAt = Date.now();
  const latest = await newest();
  if (latest && latest.expiresAt.getTime() > renewedAt && !processGone(latest)) return refuse(latest);
  const term = (latest?._id ?? 0) + 1;
  try {
    await leases.insertOne({ _id: term, owner, host: hostname(), pid: process.pid, expiresAt: new Date(renewedAt + ttlMs) });
  } catch (err) {
    // duplicate key: another process inserted this term first
    if ((err as { code?: unknown }).code === 11000) return refuse(await newest());
    throw err;
  }
  await leases.deleteMany({ _id: { $lt: term } });
  logger.info({ db: conn.name, term, owner }, 'writer lease taken');

  let stopped = false;
  let paused = false;
  let renewTimer: NodeJS.Timeout | undefined;
  let fenceTimer: NodeJS.Timeout | undefined;
  const stopTimers = () => {
    stopped = true;
    clearTimeout(renewTimer);
    clearTimeout(fenceTimer);
  };
  const lose = (reason: string) => {
    if (stopped) return;
    stopTimers();
    void conn.close().catch(() => undefined);
    onLost(reason);
  };
  // Before the term can expire (others may take it then), even while a renewal hangs, this
  // process's guarded writes are held (not failed: a database outage must not stop the service);
  // they resume once a renewal confirms that no newer term was taken meanwhile.
  const armFence = () => {
    clearTimeout(fenceTimer);
    fenceTimer = setTimeout(() => {
      if (stopped || paused) return;
      paused = true;
      pauseWrites();
      logger.error({ db: conn.name, term, notRenewedForMs: Date.now() - renewedAt }, 'writer lease not renewed: writes are held until it is confirmed');
    }, ttlMs - renewEveryMs / 2 - (Date.now() - renewedAt));
    fenceTimer.unref();
  };
  const renew = async () => {
    const at = Date.now();
    try {
      const result = await leases.updateOne({ _id: term, owner }, { $set: { expiresAt: new Date(at + ttlMs) } });
      if (stopped) return;
      if (result.matchedCount === 0) return lose('the lease was taken over');
      if (paused) {
        if (await leases.findOne({ _id: term + 1 })) return lose('the lease expired and was taken over');
        paused = false;
        resumeWrites();
        logger.info({ db: conn.name, term }, 'writer lease confirmed again: writes resume');
      }
      renewedAt = at;
      armFence();
    } catch (err) {
      logger.warn({ err }, 'writer lease renewal failed; retrying');
    }
    if (!stopped) schedule();
  };
  // While writes are held, retry more often so they resume soon after the database answers.
  const schedule = () => {
    renewTimer = setTimeout(() => void renew(), paused ? Math.min(1000, renewEveryMs) : renewEveryMs);
    renewTimer.unref();
  };
  armFence();
  schedule();

  return {
    owner,
    held: true,
    async release() {
      if (stopped) return;
      stopTimers();
      try {
        await leases.updateOne({ _id: term, owner }, { $set: { expiresAt: new Date(0) } });
        logger.info({ db: conn.name, term }, 'writer lease released');
      } finally {
        await conn.close();
      }
    },
  };
}
