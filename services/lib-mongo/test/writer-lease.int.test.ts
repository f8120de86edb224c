import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import mongoose from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { eventually, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { connectMongo, holdWriterLease, LEASE_COLLECTION, WriterLeaseHeldError, type WriterLease } from '../src';

const logger = createLogger('lease-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const repoRoot = path.resolve(__dirname, '../../..');
const holderScript = path.join(__dirname, 'fixtures', 'lease-holder.ts');

interface Holder {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
const leases: WriterLease[] = [];
const databases: string[] = [];

/** A real second process (node + tsx) holding the lease of `url`, as a service's start.ts does. */
function startHolder(url: string): Holder {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript], {
    cwd: repoRoot,
    env: { ...process.env, MONGO_URL: url, NODE_ENV: 'production', LEASE_TTL_MS: '15000', LEASE_RENEW_MS: '5000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exit };
}

const holding = (holder: Holder) => eventually(() => holder.output().includes('LEASE HELD'), { timeoutMs: 30_000 });

function dbUrl(): string {
  const url = uniqueDbUrl('lease');
  databases.push(url);
  return url;
}

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const lease of leases.splice(0)) await lease.release().catch(() => undefined);
});

afterAll(async () => {
  for (const url of databases) {
    const conn = await mongoose.createConnection(url).asPromise();
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
  }
});

describe('writer lease: one writer process per database (FerretDB)', () => {
  it('when a second process starts while the first holds the lease, then it exits non-zero saying why; after the first stops (SIGTERM), a new one starts at once', async () => {
    const url = dbUrl();
    const first = startHolder(url);
    await holding(first);

    const second = startHolder(url);
    expect(await second.exit).toBe(1);
    expect(second.output()).toMatch(/writer lease of database kidslearn-test-lease-\w+ is held by .*refusing to start a second writer/);
    expect(second.output()).not.toContain('LEASE HELD');

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(first.output()).toContain('writer lease released');

    // Released, so no waiting for the 15 s expiry.
    const startedAt = Date.now();
    const third = startHolder(url);
    await holding(third);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    third.child.kill('SIGTERM');
    expect(await third.exit).toBe(0);
  });

  it('when the holder process was killed (no release), then a new process on this host takes over without waiting for expiry', async () => {
    const url = dbUrl();
    const first = startHolder(url);
    await holding(first);
    first.child.kill('SIGKILL');
    await first.exit;

    const next = startHolder(url);
    await holding(next);
    next.child.kill('SIGTERM');
    expect(await next.exit).toBe(0);
  });

  it('when the lease of another host is unexpired, it is refused; once expired, it is taken over', async () => {
    const url = dbUrl();
    const conn = await mongoose.createConnection(url).asPromise();
    const collection = conn.db!.collection<{ _id: number; owner: string; host: string; pid: number; expiresAt: Date }>(LEASE_COLLECTION);
    await collection.insertOne({ _id: 7, owner: 'elsewhere:1:x', host: 'elsewhere', pid: 1, expiresAt: new Date(Date.now() + 60_000) });

    await expect(holdWriterLease(url, { logger })).rejects.toBeInstanceOf(WriterLeaseHeldError);

    await collection.updateOne({ _id: 7 }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    const lease = await holdWriterLease(url, { logger });
    leases.push(lease);
    const docs = await collection.find({}).toArray();
    expect(docs).toEqual([expect.objectContaining({ _id: 8, owner: lease.owner })]);
    await conn.close();
  });

  it('when the lease is taken from under its holder, then the holder is told to stop writing at its next renewal', async () => {
    const url = dbUrl();
    const lost = jest.fn<void, [string]>();
    const lease = await holdWriterLease(url, { logger, ttlMs: 3000, renewEveryMs: 200, onLost: lost });
    leases.push(lease);
    const conn = await mongoose.createConnection(url).asPromise();
    await conn.db!.collection(LEASE_COLLECTION).updateMany({}, { $set: { owner: 'someone-else' } });
    await eventually(() => lost.mock.calls.length > 0, { timeoutMs: 5000 });
    expect(lost).toHaveBeenCalledWith('the lease was taken over');
    await conn.close();
  });

  describe('when renewals fail (the database unreachable for the lease)', () => {
    type UpdateOne = (this: { collectionName: string }, ...args: unknown[]) => Promise<unknown>;
    const proto = mongoose.mongo.Collection.prototype as unknown as { updateOne: UpdateOne };
    let restore: (() => void) | undefined;
    const failLeaseRenewals = () => {
      const original = proto.updateOne;
      proto.updateOne = function (this: { collectionName: string }, ...args: unknown[]) {
        if (this.collectionName === LEASE_COLLECTION) return Promise.reject(new Error('database unreachable'));
        return original.apply(this, args);
      };
      restore = () => {
        proto.updateOne = original;
        restore = undefined;
      };
    };
    afterEach(() => restore?.());

    it('then guarded writes are held (not failed) past the renewal deadline and resume once a renewal confirms the lease', async () => {
      const url = dbUrl();
      const lost = jest.fn<void, [string]>();
      const writer = await connectMongo(url, logger);
      const balances = writer.db!.collection<{ _id: string; gems: number }>('balances');
      await balances.insertOne({ _id: 'a', gems: 0 });
      leases.push(await holdWriterLease(url, { logger, ttlMs: 1500, renewEveryMs: 300, onLost: lost }));

      failLeaseRenewals();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      let done = false;
      const write = balances.updateOne({ _id: 'a', gems: { $gte: 0 } }, { $inc: { gems: 1 } }).then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(done).toBe(false);

      restore?.();
      await write;
      expect(await balances.findOne({ _id: 'a' })).toEqual({ _id: 'a', gems: 1 });
      expect(lost).not.toHaveBeenCalled();
      await writer.close();
    });

    it('then, when another process took the expired lease meanwhile, the holder is told to stop at its first renewal', async () => {
      const url = dbUrl();
      const lost = jest.fn<void, [string]>();
      const lease = await holdWriterLease(url, { logger, ttlMs: 1500, renewEveryMs: 300, onLost: lost });
      leases.push(lease);
      failLeaseRenewals();
      await new Promise((resolve) => setTimeout(resolve, 1600));
      const conn = await mongoose.createConnection(url).asPromise();
      const collection = conn.db!.collection<{ _id: number; owner: string }>(LEASE_COLLECTION);
      const [current] = await collection.find({}).toArray();
      await collection.insertOne({ _id: current!._id + 1, owner: 'newcomer' });
      restore?.();
      await eventually(() => lost.mock.calls.length > 0, { timeoutMs: 5000 });
      expect(lost).toHaveBeenCalledWith('the lease expired and was taken over');
      await conn.close();
    });
  });
});
