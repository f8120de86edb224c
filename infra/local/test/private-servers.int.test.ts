// The drills' private Redis and FerretDB (bench/drill): started through the runner on a free port, stopped
// (port closed) and started again on the same port; FerretDB keeps its data; dispose removes it all.
import { existsSync } from 'node:fs';
import Redis from 'ioredis';
import { MongoClient } from 'mongodb';
import { componentDir } from '../src/paths';
import { isPortOpen } from '../src/ports';
import { startPrivateFerretDb, startPrivateRedis } from '../src';

describe('private servers for the drills', () => {
  it('when a private Redis is stopped and started, then its port closes and it answers again on the same port', async () => {
    const redis = await startPrivateRedis();
    try {
      expect(existsSync(componentDir(redis.name))).toBe(true);
      expect(redis.url).not.toContain(':6379');
      await redis.stop();
      expect(await isPortOpen(redis.port)).toBe(false);
      await redis.start();
      const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await client.connect();
      expect(await client.ping()).toBe('PONG');
      client.disconnect();
    } finally {
      await redis.dispose();
    }
    expect(await isPortOpen(redis.port)).toBe(false);
  });

  it('when a private FerretDB is stopped and started, then it serves again on the same port with the same data, and dispose removes its directory', async () => {
    const db = await startPrivateFerretDb();
    try {
      expect(db.url).not.toContain(':27017');
      const client = new MongoClient(db.url);
      await client.db('drill').collection('kept').insertOne({ _id: 'a' as never, v: 1 });
      await client.close();
      await db.stop();
      expect(await isPortOpen(db.port)).toBe(false);
      await db.start();
      const again = new MongoClient(db.url);
      expect(await again.db('drill').collection('kept').findOne({ _id: 'a' as never })).toEqual({ _id: 'a', v: 1 });
      await again.close();
    } finally {
      await db.dispose();
    }
    expect(await isPortOpen(db.port)).toBe(false);
    expect(existsSync(componentDir(db.name))).toBe(false);
  });
});
