// Services run as several instances with nothing between their processes but the database (issue 20): the
// guarded updates lib-mongo relies on are decided by the database itself. Two processes (fixtures/racing-
// instance.ts, each with its own lib-mongo connection) race guarded debits, applyOnce with the same event ids,
// and version-guarded read-decide-write increments on the same documents; every count comes out exact.
import { spawn } from 'node:child_process';
import path from 'node:path';
import mongoose from 'mongoose';
import { uniqueDbUrl } from '@kidslearn/lib-testkit';

const OPS = 300;
const STOCK = 400;
const mongoUrl = uniqueDbUrl('lib-mongo-instances');

function instance(): Promise<{ debits: number; applied: number; increments: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures', 'racing-instance.ts')], {
      env: { ...process.env, MONGO_URL: mongoUrl, OPS: String(OPS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`instance exited ${code}: ${err}`))));
  });
}

let conn: mongoose.Connection;

beforeAll(async () => {
  conn = await mongoose.createConnection(mongoUrl).asPromise();
  await conn.collection('wallets').insertMany([
    { _id: 'stock', gems: STOCK, version: 0, n: 0, processedEventIds: [] },
    { _id: 'counter', gems: 0, version: 0, n: 0, processedEventIds: [] },
    { _id: 'versioned', gems: 0, version: 0, n: 0, processedEventIds: [] },
  ] as never);
});

afterAll(async () => {
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
});

it('when two instances race guarded debits, applyOnce of the same events and version-guarded increments, then every count is exact', async () => {
  const [first, second] = await Promise.all([instance(), instance()]);
  const wallets = conn.collection<{ _id: string; gems: number; n: number; processedEventIds: string[] }>('wallets');
  // 600 debits tried on a stock of 400: exactly 400 pass their guard, and the stock ends at 0, never below.
  expect(first.debits + second.debits).toBe(STOCK);
  expect((await wallets.findOne({ _id: 'stock' }))?.gems).toBe(0);
  // 300 events, each delivered to both instances: applied 300 times in all.
  expect(first.applied + second.applied).toBe(OPS);
  const counter = await wallets.findOne({ _id: 'counter' });
  expect(counter?.n).toBe(OPS);
  expect(new Set(counter?.processedEventIds).size).toBe(OPS);
  // 600 increments decided from a read: none lost.
  expect(first.increments + second.increments).toBe(2 * OPS);
  expect((await wallets.findOne({ _id: 'versioned' }))?.n).toBe(2 * OPS);
}, 120_000);
