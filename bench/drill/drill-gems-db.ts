// Drill 3: gems' database unavailable for 2 minutes → everything settles after it returns, nothing in a DLQ.
import { runLedgerDrill } from './ledger-drill';
import type { DrillOptions } from './options';
import type { DrillResult } from './result';
import type { DrillServers } from './servers';
import { outage } from './outage';

const OUTAGE_AT_MS = 10_000;

export function drillGemsDb(servers: DrillServers, o: DrillOptions, command: string): Promise<DrillResult> {
  const downMs = o.dbDownSeconds * 1000;
  // The load starts 10 s before the outage and lasts at most 60 s, so most of it meets the outage.
  const loadMs = Math.min(60_000, OUTAGE_AT_MS + downMs);
  return runLedgerDrill(servers, {
    name: 'gems-db',
    title: `Gems database unavailable for ${o.dbDownSeconds} s`,
    command,
    shape: { submissions: o.submissions, redemptions: o.redemptions, learners: 20, lessons: 30, concurrency: 60, loadMs, settleTimeoutMs: o.settleTimeoutSeconds * 1000 },
    figures: { 'gems database down (s)': o.dbDownSeconds },
    async disrupt({ servers: s, timeline, at }) {
      await at(OUTAGE_AT_MS);
      await outage(s.gemsDb, downMs, timeline, {
        stopping: "gems' FerretDB: stopping",
        stopped: "gems' FerretDB: stopped, port closed (quiz's and gifts' databases keep serving)",
        started: "gems' FerretDB: started again, same port and SQLite files",
      });
    },
  });
}
