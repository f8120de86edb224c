// Races two client processes (racing-writer.ts) through every scenario of racing-scenarios.ts on a fresh
// database of the FerretDB at `url`, starting each scenario in both at the same moment.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { discrepancies, scenarioNames, seed, type RaceResult, type Scenario } from './racing-scenarios';

const WRITERS = 2;

export interface ScenarioOutcome {
  scenario: Scenario;
  /** what was not exact; empty when every count is */
  wrong: string[];
  ms: number;
  retries: number;
}

type Reply = { ready?: string; done?: Scenario; result?: RaceResult; error?: string };

function startWriter(url: string, db: string, id: string): { child: ChildProcess; next: () => Promise<Reply> } {
  const child = fork(path.join(__dirname, 'racing-writer.ts'), [url, db, id], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const queue: Reply[] = [];
  const waiting: Array<{ resolve: (reply: Reply) => void; reject: (error: Error) => void }> = [];
  child.on('message', (reply: Reply) => (waiting.length ? waiting.shift()!.resolve(reply) : queue.push(reply)));
  child.on('exit', (code) => waiting.splice(0).forEach(({ reject }) => reject(new Error(`writer ${id} exited (${code})`))));
  const next = () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise<Reply>((resolve, reject) => waiting.push({ resolve, reject })));
  return { child, next };
}

export async function raceWriters(url: string): Promise<ScenarioOutcome[]> {
  const dbName = `atomic-race-${randomBytes(4).toString('hex')}`;
  const client = new MongoClient(url);
  const db = client.db(dbName);
  const writers = Array.from({ length: WRITERS }, (_, i) => startWriter(url, dbName, `writer-${i}`));
  try {
    await seed(db);
    await Promise.all(writers.map(async ({ next }) => (await next()).ready));
    const outcomes: ScenarioOutcome[] = [];
    for (const scenario of scenarioNames) {
      const startedAt = Date.now();
      writers.forEach(({ child }) => child.send({ run: scenario }));
      const replies = await Promise.all(writers.map(({ next }) => next()));
      const failed = replies.find((reply) => reply.error || reply.done !== scenario);
      if (failed) throw new Error(`writer failed in ${scenario}: ${failed.error ?? JSON.stringify(failed)}`);
      const results = replies.map((reply) => reply.result!);
      outcomes.push({
        scenario,
        wrong: await discrepancies(db, scenario, results, WRITERS),
        ms: Date.now() - startedAt,
        retries: results.reduce((sum, r) => sum + (r.retries ?? 0), 0),
      });
    }
    return outcomes;
  } finally {
    await Promise.all(
      writers.map(({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.send({ exit: true });
        return exited;
      }),
    );
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}
