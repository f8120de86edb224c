// Drill 1: the broker restarted and gems killed (SIGKILL) mid-flow during 1000 submissions and 200
// redemptions → every gem reconciles with the ledger, none lost or doubled.
import { runLedgerDrill } from './ledger-drill';
import type { DrillOptions } from './options';
import type { DrillResult } from './result';
import type { DrillServers } from './servers';
import { sleep } from './timeline';

export function drillBrokerAndGems(servers: DrillServers, o: DrillOptions, command: string): Promise<DrillResult> {
  const loadMs = o.loadSeconds * 1000;
  return runLedgerDrill(servers, {
    name: 'broker-gems',
    title: 'Broker restart and gems killed mid-flow',
    command,
    shape: { submissions: o.submissions, redemptions: o.redemptions, learners: 20, lessons: 30, concurrency: 60, loadMs, settleTimeoutMs: o.settleTimeoutSeconds * 1000 },
    figures: { 'broker down (s)': o.brokerDownSeconds },
    async disrupt({ fleet, servers: s, timeline, at }) {
      // The broker goes at a fifth of the load, gems at three fifths: each with steady traffic before and after.
      await at(loadMs * 0.2);
      timeline.note('RabbitMQ: stop_app');
      try {
        await s.broker.stopApp();
        timeline.note('RabbitMQ: application stopped (every connection dropped)');
        await sleep(o.brokerDownSeconds * 1000);
      } finally {
        await s.broker.startApp();
        timeline.note('RabbitMQ: start_app done, accepting connections');
      }
      await at(loadMs * 0.6);
      timeline.note('gems: SIGKILL');
      await fleet.kill('gems');
      await sleep(2000);
      timeline.note('gems: starting again');
      await fleet.restart('gems');
      timeline.note('gems: ready again');
    },
  });
}
