// The database commands of a run, by service, command, collection and filter fields: the files a
// KIDSLEARN_DB_CENSUS run left (lib-mongo command-census.ts), summed per service over its processes.
//   KIDSLEARN_DB_CENSUS=.local/census npm run drill -- --only=replicas
//   npx tsx bench/db-census.ts .local/census --per=<learner loops of the report>
// Counts cover each process's whole life (start-up and settling too), not only the measured load.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Census = Record<string, Record<string, number>>;

/** Sums `<service>-<pid>[-<n>].json` files by service. A file that does not parse is skipped and named. */
export function readCensus(dir: string): { census: Census; skipped: string[] } {
  const census: Census = {};
  const skipped: string[] = [];
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) {
    const service = name.replace(/-\d+(-\d+)?\.json$/, '');
    let counts: Record<string, number>;
    try {
      counts = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, number>;
    } catch {
      skipped.push(name);
      continue;
    }
    const sum = (census[service] ??= {});
    for (const [shape, count] of Object.entries(counts)) sum[shape] = (sum[shape] ?? 0) + count;
  }
  return { census, skipped };
}

/** Per service: its total and its `top` most frequent shapes, each divided by `per` (e.g. learner loops). */
export function censusLines(census: Census, per = 1, top = 12): string[] {
  const round = (n: number) => (Math.round((n / per) * 100) / 100).toString();
  const lines: string[] = [];
  for (const [service, counts] of Object.entries(census).sort(([a], [b]) => a.localeCompare(b))) {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    lines.push(`${service}: ${round(total)}`);
    const shapes = Object.entries(counts).sort(([, a], [, b]) => b - a).slice(0, top);
    for (const [shape, count] of shapes) lines.push(`  ${round(count).padStart(8)}  ${shape}`);
  }
  return lines;
}

if (require.main === module) {
  const [dir, ...flags] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: npx tsx bench/db-census.ts <census dir> [--per=<units>] [--top=<n>]');
    process.exit(2);
  }
  const flag = (name: string, fallback: number) => Number(flags.find((f) => f.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const { census, skipped } = readCensus(dir);
  for (const line of censusLines(census, flag('per', 1), flag('top', 12))) console.log(line);
  if (skipped.length > 0) console.log(`skipped (not JSON): ${skipped.join(', ')}`);
}
