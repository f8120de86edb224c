// What the wrapper's per-collection write serialisation costs (not part of npm test):
//   npx tsx infra/local/test/ferretdb-write-locks.bench.ts [--ops=2000] [--rounds=3]
// Two private FerretDBs from the same binary, write locks on and off, each with 100 documents. Per round and
// server: N `$inc` updates by _id (random documents, then all on one) and N/4 by a non-_id filter, N finds by
// _id at concurrency 1 and 10, and a mix at concurrency 10 (5 lanes update, 5 lanes read the same collection).
// Rounds alternate the servers; each figure is the median of the rounds. Prints a Markdown table (the figures
// in infra/local/README.md come from it). Locks off is not correct under concurrency (lost updates): it is the
// speed the locks give up.
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import { MongoClient, type Collection } from 'mongodb';
import { installAll, pick, startPrivateFerretDb, type PrivateServer } from '../src';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const OPS = arg('ops', 2000);
const ROUNDS = arg('rounds', 3);
const DOCS = 100;

type Counter = { _id: string; name: string; n: number };
interface Figures {
  opsPerSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const randomId = () => `c${Math.floor(Math.random() * DOCS)}`;

/** Runs `ops` operations over `lanes` concurrent lanes; the latencies of each kind separately. */
async function measure(lanes: number, ops: number, operation: (lane: number) => { kind: string; run: () => Promise<unknown> }) {
  const latencies = new Map<string, number[]>();
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      while (next++ < ops) {
        const { kind, run } = operation(lane);
        const t = performance.now();
        await run();
        const elapsed = performance.now() - t;
        const values = latencies.get(kind);
        if (values) values.push(elapsed);
        else latencies.set(kind, [elapsed]);
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const figures = new Map<string, Figures>();
  for (const [kind, values] of latencies) {
    const sorted = values.sort((a, b) => a - b);
    figures.set(kind, { opsPerSecond: values.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) });
  }
  return figures;
}

const update = (c: Collection<Counter>) => ({ kind: 'update', run: () => c.updateOne({ _id: randomId() }, { $inc: { n: 1 } }) });
const updateHot = (c: Collection<Counter>) => ({ kind: 'update', run: () => c.updateOne({ _id: 'c0' }, { $inc: { n: 1 } }) });
const updateByName = (c: Collection<Counter>) => ({ kind: 'update', run: () => c.updateOne({ name: `n${randomId().slice(1)}` }, { $inc: { n: 1 } }) });
const find = (c: Collection<Counter>) => ({ kind: 'find', run: () => c.findOne({ _id: randomId() }) });

const workloads: Array<{ name: string; run: (c: Collection<Counter>) => Promise<Map<string, Figures>> }> = [
  { name: 'update by _id, c=1', run: (c) => measure(1, OPS, () => update(c)) },
  { name: 'update by _id, c=10', run: (c) => measure(10, OPS, () => update(c)) },
  { name: 'update one hot document by _id, c=10', run: (c) => measure(10, OPS, () => updateHot(c)) },
  { name: 'update by `name` (not _id), c=10', run: (c) => measure(10, OPS / 4, () => updateByName(c)) },
  { name: 'find by _id, c=1', run: (c) => measure(1, OPS, () => find(c)) },
  { name: 'find by _id, c=10', run: (c) => measure(10, OPS, () => find(c)) },
  { name: 'mixed c=10 (5 update + 5 find lanes)', run: (c) => measure(10, OPS, (lane) => (lane < 5 ? update(c) : find(c))) },
];

async function main(): Promise<void> {
  await installAll(pick(['ferretdb']));
  const servers: Array<{ label: string; server: PrivateServer; client?: MongoClient }> = [
    { label: 'locks on', server: await startPrivateFerretDb() },
    { label: 'locks off', server: await startPrivateFerretDb({ writeLocks: false }) },
  ];
  try {
    for (const s of servers) {
      s.client = new MongoClient(s.server.url, { maxPoolSize: 20 });
      await s.client.db('bench').collection<Counter>('counters').insertMany(Array.from({ length: DOCS }, (_, i) => ({ _id: `c${i}`, name: `n${i}`, n: 0 })));
    }
    // The wrapper adds the index FerretDB's lookups by id need within 5 s of a collection's creation.
    await sleep(6_000);
    // results[workload][server label][kind] = one Figures per round
    const results = new Map<string, Map<string, Map<string, Figures[]>>>();
    for (let round = 0; round <= ROUNDS; round++) {
      for (const s of round % 2 ? [...servers].reverse() : servers) {
        const counters = s.client!.db('bench').collection<Counter>('counters');
        for (const workload of workloads) {
          const figures = await workload.run(counters);
          if (round === 0) continue; // warm-up
          for (const [kind, f] of figures) {
            const byServer = results.get(workload.name) ?? new Map<string, Map<string, Figures[]>>();
            const byKind = byServer.get(s.label) ?? new Map<string, Figures[]>();
            byKind.set(kind, [...(byKind.get(kind) ?? []), f]);
            byServer.set(s.label, byKind);
            results.set(workload.name, byServer);
          }
        }
      }
    }

    const load = os.loadavg().map((v) => v.toFixed(2)).join(' / ');
    console.log(`\n${OPS} operations per workload, median of ${ROUNDS} rounds (after a warm-up round); load ${load} (${os.cpus().length} cores)\n`);
    console.log('| workload | op | locks on: ops/s | p50 ms | p99 ms | locks off: ops/s | p50 ms | p99 ms |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [workload, byServer] of results) {
      for (const kind of byServer.get('locks on')!.keys()) {
        const cells = servers.flatMap(({ label }) => {
          const rounds = byServer.get(label)!.get(kind)!;
          return [median(rounds.map((f) => f.opsPerSecond)).toFixed(0), median(rounds.map((f) => f.p50)).toFixed(2), median(rounds.map((f) => f.p99)).toFixed(2)];
        });
        console.log(`| ${workload} | ${kind} | ${cells.join(' | ')} |`);
      }
    }
  } finally {
    for (const s of servers) {
      await s.client?.close();
      await s.server.dispose();
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
