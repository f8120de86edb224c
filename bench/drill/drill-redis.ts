// Drill 2: Redis stopped for 30 s during the same load → no 500 after a commit, all settled once it returns.
import { runLedgerDrill } from './ledger-drill';
import type { DrillOptions } from './options';
import type { DrillResult } from './result';
import type { DrillServers } from './servers';
import { outage } from './outage';

const OUTAGE_AT_MS = 10_000;

export function drillRedis(servers: DrillServers, o: DrillOptions, command: string): Promise<DrillResult> {
  const downMs = o.redisDownSeconds * 1000;
  // The load runs 10 s before, through, and 30 s after the outage (about 17 requests/s with the defaults:
  // below what this path sustains on 2 cores, so the outage, not saturation, shows in the answers).
  const loadMs = OUTAGE_AT_MS + downMs + 30_000;
  return runLedgerDrill(servers, {
    name: 'redis',
    title: `Redis stopped for ${o.redisDownSeconds} s`,
    command,
    shape: { submissions: o.submissions, redemptions: o.redemptions, learners: 20, lessons: 30, concurrency: 60, loadMs, settleTimeoutMs: o.settleTimeoutSeconds * 1000 },
    figures: { 'Redis down (s)': o.redisDownSeconds },
    async disrupt({ servers: s, timeline, at }) {
      await at(OUTAGE_AT_MS);
      await outage(s.redis, downMs, timeline, {
        stopping: 'Redis: stopping',
        stopped: 'Redis: stopped (port closed)',
        started: 'Redis: started again on the same port (empty: no persistence)',
      });
    },
    judge: (result) =>
      result.routes.filter((r) => r.serverErrors > 0).map((r) => `${r.route}: ${r.serverErrors} answers 5xx (${JSON.stringify(r.statuses)}); the ledger check tells whether any came after a commit`),
  });
}
