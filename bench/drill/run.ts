// `npm run drill [-- --only=broker-gems,redis,gems-db,learners --redis-down=10 …]`: issue #12's drills against
// private servers (bench/drill/servers.ts), never the shared ones; writes bench/reports/drill.md. Not part of npm test.
import { infraEnv } from '../../infra/local/src/env';
import { drillBrokerAndGems } from './drill-broker-gems';
import { drillBrokerNode } from './drill-broker-node';
import { drillGemsDb } from './drill-gems-db';
import { drillLearners } from './drill-learners';
import { drillRedis } from './drill-redis';
import { drillReplicas } from './drill-replicas';
import { commandLine, parseOptions, type DrillOptions } from './options';
import { MARKDOWN_FILE, writeReport } from './report';
import type { DrillResult } from './result';
import { startDrillServers, type DrillServers } from './servers';

type Drill = (servers: DrillServers, options: DrillOptions, command: string) => Promise<DrillResult>;

const DRILLS: Record<string, { title: string; run: Drill }> = {
  'broker-gems': { title: 'Broker restart and gems killed mid-flow', run: drillBrokerAndGems },
  redis: { title: 'Redis stopped', run: drillRedis },
  'gems-db': { title: 'Gems database unavailable', run: drillGemsDb },
  learners: { title: 'Concurrent learners', run: drillLearners },
  replicas: { title: 'Every service with several instances, one of each killed under load', run: drillReplicas },
  'broker-node': { title: 'A RabbitMQ node lost under load (three-node cluster)', run: drillBrokerNode },
};

/**
 * A drill's record in the report: its name, marked when it ran on the broker cluster (`--broker-cluster`) and
 * numbered when `--only` asked for it again in the same run (`--only=broker-node,broker-node`: twice in a row).
 */
function recordedAs(result: DrillResult, round: number, options: DrillOptions): DrillResult {
  const marks = [options.brokerCluster && result.name !== 'broker-node' ? 'on the broker cluster' : '', round > 1 ? `run ${round}` : ''].filter(Boolean);
  if (marks.length === 0) return result;
  return { ...result, name: `${result.name} (${marks.join(', ')})`, title: `${result.title} (${marks.join(', ')})` };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  const names = options.only ?? Object.keys(DRILLS);
  const unknown = names.filter((n) => !(n in DRILLS));
  if (unknown.length) throw new Error(`unknown drill(s) ${unknown.join(', ')} (known: ${Object.keys(DRILLS).join(', ')})`);
  // Keycloak and the rest of the shared settings; the drill's own servers replace AMQP, Redis and Mongo.
  Object.assign(process.env, infraEnv(), { LOG_LEVEL: 'warn' });
  const servers = await startDrillServers({ brokerCluster: options.brokerCluster });
  const results: DrillResult[] = [];
  try {
    for (const [index, name] of names.entries()) {
      console.log(`[drill] ${name}: ${DRILLS[name]!.title}`);
      try {
        results.push(recordedAs(await DRILLS[name]!.run(servers, options, commandLine(argv)), names.slice(0, index + 1).filter((n) => n === name).length, options));
      } catch (error) {
        console.error(`[drill] ${name} failed`, error);
        const message = error instanceof Error ? error.message : String(error);
        results.push({ name, title: DRILLS[name]!.title, date: new Date().toISOString(), command: commandLine(argv), loadBefore: '', loadAfter: '', durationS: 0, steps: [], routes: [], figures: {}, defects: [], error: message });
      }
      // Each drill's record is written as soon as it is done: a later failure keeps it.
      writeReport(results);
    }
  } finally {
    await servers.dispose();
  }
  console.log(writeReport(results));
  console.log(`[drill] report: ${MARKDOWN_FILE}`);
  if (results.some((r) => r.error)) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
