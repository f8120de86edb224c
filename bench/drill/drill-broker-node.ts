// Drill 5 (issue 23): a RabbitMQ node lost under load. The services run against a private three-node cluster
// (quorum queues, AMQP_URL listing the three nodes); 200 learners loop for 60 s while one node is killed for 15 s,
// then, once it is back in the cluster, another → no 5xx, every balance equals its ledger, every attempt and
// redemption settled exactly once, nothing in a DLQ.
import { readFileSync } from 'node:fs';
import { startPrivateBrokerCluster, type PrivateBrokerCluster, type PrivateClusterNode } from '@kidslearn/infra-local';
import { loadAverage } from '../load';
import { drillLogFile, startDrillFleet } from './fleet-for-drill';
import { checkLedger } from './ledger-check';
import { DEMO_LESSONS, runLearnerLoad, waitForAnswerKeys } from './learner-load';
import { learners } from './learners';
import type { DrillOptions } from './options';
import { defectsOf, startedDrillResult, type DrillResult } from './result';
import type { DrillServers } from './servers';
import { sleep, Timeline } from './timeline';

/**
 * When the first node goes, from the start of the load: both outages (15 s each, a restart taking 5–20 s here
 * under load) then fall within the 60 s.
 */
const FIRST_LOSS_AT_MS = 5000;

/** Kills a node for `downMs` and starts it again; resolves once it runs in the cluster again. */
async function loseNode(node: PrivateClusterNode, downMs: number, timeline: Timeline): Promise<void> {
  timeline.note(`RabbitMQ node ${node.name}: SIGKILL`);
  await node.kill();
  timeline.note(`RabbitMQ node ${node.name}: gone (port closed); the other two keep the quorum`);
  await sleep(downMs);
  timeline.note(`RabbitMQ node ${node.name}: starting again on its data`);
  await node.start();
  timeline.note(`RabbitMQ node ${node.name}: running in the cluster again`);
}

/** Lines of the fleet's log (warnings: the fleet logs at warn) that show the failover: connections lost, publishes retried. */
function failoverFigures(log: string): Record<string, number> {
  const lines = readFileSync(log, 'utf8').split('\n');
  const count = (text: string) => lines.filter((line) => line.includes(text)).length;
  return {
    'connections lost (services)': count('rabbitmq disconnected; reconnecting'),
    'connection attempts refused (services)': count('rabbitmq connection attempt failed'),
    'publishes retried after a failure': count('publish failed; retrying'),
    'forwards returned to their queue': count('could not forward message'),
  };
}

export async function drillBrokerNode(servers: DrillServers, o: DrillOptions, command: string): Promise<DrillResult> {
  const name = 'broker-node';
  const timeline = new Timeline(name);
  const downMs = o.brokerNodeDownSeconds * 1000;
  const result = startedDrillResult({
    name: name,
    title: `A RabbitMQ node lost, then another, under ${o.learners} learners for ${o.learnersSeconds} s`,
    command: command,
    steps: timeline.steps,
    figures: { learners: o.learners, 'seconds of load': o.learnersSeconds, 'each node down (s)': o.brokerNodeDownSeconds, 'broker nodes': 3 },
  });
  let cluster: PrivateBrokerCluster | undefined;
  let fleet: Awaited<ReturnType<typeof startDrillFleet>> | undefined;
  try {
    cluster = await startPrivateBrokerCluster();
    timeline.note(`private RabbitMQ cluster formed: ${cluster.nodes.map((n) => n.name).join(', ')} (one Erlang cookie, joined with rabbitmqctl join_cluster)`);
    fleet = await startDrillFleet(
      { ...servers, broker: { ...servers.broker, url: cluster.url } },
      {
        drill: name,
        services: ['content', 'quiz', 'gems', 'gifts', 'gateway'],
        serviceEnv: (service): Record<string, string> => ({ content: { SEED_DEMO_DATA: 'true' }, quiz: { REQUEST_LESSONS_ON_START: 'true' } })[service as string] ?? {},
      },
    );
    await waitForAnswerKeys(fleet.dbUrl('quiz'));
    timeline.note(`fleet up against the cluster (AMQP_URL lists the 3 nodes; logs ${drillLogFile(name)}), ${DEMO_LESSONS.length} demo lessons known to quiz`);
    const who = await learners(o.learners);
    timeline.note(`${who.length} learners ready (Keycloak accounts, fresh tokens)`);

    timeline.note(`load: each learner loops GET /lessons → POST /quiz-results → GET /standings/:lessonId → POST /redemptions for ${o.learnersSeconds} s`);
    const loadStart = Date.now();
    const load = runLearnerLoad(fleet.url('gateway'), who, o.learnersSeconds);
    // The first node is the one every service connected to first (AMQP_URL's first entry); the second is where they
    // failed over to. Never two at once: the second goes only once the first runs in the cluster again.
    const [first, second] = cluster.nodes as [PrivateClusterNode, PrivateClusterNode];
    const outages = (async () => {
      await sleep(FIRST_LOSS_AT_MS - (Date.now() - loadStart));
      await loseNode(first, downMs, timeline);
      await loseNode(second, downMs, timeline);
    })();
    const [{ routes, loops, requests, untilLastLoopS, attempts, redemptions }] = await Promise.all([load, outages]);
    result.routes = routes;
    result.figures['learner loops'] = loops;
    result.figures.requests = requests;
    result.figures['until the last loop finished (s)'] = untilLastLoopS;
    result.figures['until the second node was back (s)'] = Math.round((Date.now() - loadStart) / 1000);
    result.figures['throughput (req/s)'] = Math.round((requests / o.learnersSeconds) * 10) / 10;
    timeline.note(`load done: ${loops} loops, ${requests} requests; waiting for every attempt and redemption to settle, then checking`);
    result.check = await checkLedger({ quizDbUrl: fleet.dbUrl('quiz'), gemsDbUrl: fleet.dbUrl('gems'), giftsDbUrl: fleet.dbUrl('gifts'), amqpUrl: cluster.url, attempts, redemptions, settleTimeoutMs: o.settleTimeoutSeconds * 1000 });
    timeline.note(`${result.check.settled ? 'settled' : 'NOT settled'} ${Math.round(result.check.settleMs / 100) / 10} s after the load; checked`);
    Object.assign(result.figures, failoverFigures(drillLogFile(name)));
    const serverErrors = result.routes.reduce((sum, r) => sum + r.serverErrors, 0);
    result.defects = [
      ...(serverErrors > 0 ? [`${serverErrors} answers 5xx`] : []),
      ...result.routes.filter((r) => r.errors > 0).map((r) => `${r.route}: ${r.errors} errors of ${r.count} (${JSON.stringify(r.statuses)})`),
      ...defectsOf(result.check),
    ];
  } finally {
    await fleet?.stop().catch((error: unknown) => console.error('[drill] fleet stop failed', error));
    await cluster?.dispose().catch((error: unknown) => console.error('[drill] cluster dispose failed', error));
    result.loadAfter = loadAverage();
    result.durationS = Math.round(timeline.elapsedMs() / 1000);
  }
  return result;
}
