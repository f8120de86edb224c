// FerretDB's own count of the commands it ran (serverStatus `metrics.commands`): the bench's "commands per
// request" and the learners drill's "commands per learner loop".
import { MongoClient } from 'mongodb';

/** FerretDB's count of each command it has run (serverStatus `metrics.commands`), from its start. */
export async function commandCounts(client: MongoClient): Promise<Record<string, number>> {
  const status = await client.db('admin').command({ serverStatus: 1 });
  const commands = (status.metrics as { commands?: Record<string, { total: number }> } | undefined)?.commands ?? {};
  return Object.fromEntries(Object.entries(commands).map(([name, { total }]) => [name, total]));
}

/** The counts of several servers, summed (the drills run two: gems' database on its own). */
export async function commandCountsOf(urls: string[]): Promise<Record<string, number>> {
  const sum: Record<string, number> = {};
  for (const url of urls) {
    const client = await MongoClient.connect(url);
    try {
      for (const [name, total] of Object.entries(await commandCounts(client))) sum[name] = (sum[name] ?? 0) + total;
    } finally {
      await client.close();
    }
  }
  return sum;
}

/** Commands run between two counts, per unit of work (those of at least 0.05), largest first. */
export function commandsPer(before: Record<string, number>, after: Record<string, number>, units: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .map(([name, total]) => [name, Math.round(((total - (before[name] ?? 0)) / Math.max(1, units)) * 10) / 10] as const)
      .filter(([, n]) => n >= 0.05)
      .sort((a, b) => b[1] - a[1]),
  );
}

/** "12.3 (find 6, update 4.1, …)" */
export function describeCommands(commands: Record<string, number>): string {
  const total = Math.round(Object.values(commands).reduce((sum, n) => sum + n, 0) * 10) / 10;
  return `${total} (${Object.entries(commands).map(([name, n]) => `${name} ${n}`).join(', ')})`;
}
