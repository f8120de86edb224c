// The real service start (src/start.ts) in child processes: one writer per database (lib-mongo's
// writer lease). A second gems on the same database exits 1; after SIGTERM the next one starts at once.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import mongoose from 'mongoose';
import { eventually, randomSuffix, uniqueDbUrl } from '@kidslearn/lib-testkit';

const repoRoot = path.resolve(__dirname, '../../..');
const children: ChildProcess[] = [];
const mongoUrl = uniqueDbUrl('gems-one-writer');
// Own queue names (the test vhost), so the live gems queue is never consumed from.
const serviceName = `gems-one-writer-${randomSuffix()}`;

function startGems() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('services', 'gems', 'src', 'start.ts')], {
    cwd: repoRoot,
    env: { ...process.env, SERVICE_NAME: serviceName, MONGO_URL: mongoUrl, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = () => eventually(() => text.includes('gems service listening'), { timeoutMs: 60_000 });
  return { child, output: () => text, exit, listening };
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  const conn = await mongoose.createConnection(mongoUrl).asPromise();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
});

it('when a second gems process starts on the same database, then it exits 1 naming the holder; after the first stops (SIGTERM), a new one starts at once', async () => {
  const first = startGems();
  await first.listening();

  const second = startGems();
  expect(await second.exit).toBe(1);
  expect(second.output()).toContain('refusing to start a second writer');
  expect(second.output()).not.toContain('gems service listening');

  first.child.kill('SIGTERM');
  expect(await first.exit).toBe(0);
  expect(first.output()).toContain('writer lease released');

  const third = startGems();
  await third.listening();
  third.child.kill('SIGTERM');
  expect(await third.exit).toBe(0);
});
