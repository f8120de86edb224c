// Issue 20's drill: every service (content, quiz, gems, gifts) runs `--instances` instances (default 2) as its own
// processes, the gateway spreads requests over them, 200 learners loop as in the learners drill, and one instance
// of each service is killed (SIGKILL) and started again mid-load, each at another time. Then the ledger check
// (every balance equals its ledger, every attempt credited at most once, every redemption decided exactly once,
// nothing unsettled, DLQs empty) and no 5xx. With --instances=1 it is the baseline: the same load, nothing killed
// (the only instance of a service cannot be lost without errors).
import { loadAverage } from '../load';
import type { FleetService } from '../fleet';
import { drillLogFile, startDrillFleet } from './fleet-for-drill';
import { commandCountsOf, commandsPer, describeCommands } from '../ferretdb-commands';
import { sampleBacklog } from './backlog';
import { describeCpuPerLoop } from './cpu-meter';
import { checkLedger } from './ledger-check';
import { DEMO_LESSONS, runLearnerLoad, waitForAnswerKeys } from './learner-load';
import { learners } from './learners';
import { startLoadCpuMeter } from './load-cpu';
import type { DrillOptions } from './options';
import { defectsOf, startedDrillResult, type Budget, type DrillResult } from './result';
import type { DrillServers } from './servers';
import { sleep, Timeline } from './timeline';
import { submissionWindows } from './windows';

/** Each service's first instance is killed at this share of the load's time, one service after another. */
const KILLS: Array<{ service: FleetService; at: number }> = [
  { service: 'content', at: 0.15 },
  { service: 'quiz', at: 0.35 },
  { service: 'gems', at: 0.55 },
  { service: 'gifts', at: 0.75 },
];

/** Issue 20's budgets for this load, with 1 and with 2 instances per service. */
export const REPLICA_BUDGETS = { quizResultsP99Ms: 2000, redemptionsProcessingShare: 0.05, requestsPerSecond: 150 };

export const replicasName = (instances: number) => (instances === 2 ? 'replicas' : `replicas-${instances}`);

export async function drillReplicas(servers: DrillServers, o: DrillOptions, command: string): Promise<DrillResult> {
  const instances = o.instances;
  const name = replicasName(instances);
  const timeline = new Timeline(name);
  const killing = instances > 1;
  const result = startedDrillResult({
    name: name,
    title: `${instances} instance${instances > 1 ? 's' : ''} of every service, ${o.learners} learners for ${o.learnersSeconds} s${killing ? ', one instance of each killed and restarted' : ' (baseline: nothing killed)'}`,
    command: command,
    steps: timeline.steps,
    figures: { 'instances per service': instances, learners: o.learners, 'seconds of load': o.learnersSeconds },
  });
  const fleet = await startDrillFleet(servers, {
    drill: name,
    services: ['content', 'quiz', 'gems', 'gifts', 'gateway'],
    instances,
    serviceEnv: (service): Record<string, string> => ({ content: { SEED_DEMO_DATA: 'true' }, quiz: { REQUEST_LESSONS_ON_START: 'true' } })[service as string] ?? {},
  });
  try {
    await waitForAnswerKeys(fleet.dbUrl('quiz'));
    timeline.note(`fleet up: ${instances} × content, quiz, gems, gifts and the gateway over them (logs ${drillLogFile(name)}); ${DEMO_LESSONS.length} demo lessons known to quiz`);
    const who = await learners(o.learners);
    timeline.note(`${who.length} learners ready (Keycloak accounts, fresh tokens)`);
    timeline.note(`load: each learner loops GET /lessons → POST /quiz-results → GET /standings/:lessonId → POST /redemptions for ${o.learnersSeconds} s`);
    const databases = [servers.db.url, servers.gemsDb.url];
    const commandsBefore = await commandCountsOf(databases);
    const backlog = await sampleBacklog(fleet.amqpUrl);
    const cpu = startLoadCpuMeter(servers, fleet);
    const loadStart = Date.now();
    const disruption = killing
      ? (async () => {
          for (const { service, at } of KILLS) {
            await sleep(loadStart + at * o.learnersSeconds * 1000 - Date.now());
            await fleet.kill(service, 0);
            timeline.note(`${service} #0: SIGKILL (its other instance keeps serving)`);
            await fleet.restart(service, 0);
            timeline.note(`${service} #0: started again and ready`);
          }
        })()
      : Promise.resolve();
    const loadStartS = Math.round(timeline.elapsedMs() / 100) / 10;
    const load = await runLearnerLoad(fleet.url('gateway'), who, o.learnersSeconds);
    await disruption;
    const cpuMs = cpu.stop();
    for (const [queue, { peak, median }] of Object.entries(await backlog.stop())) result.figures[`${queue} ready messages (median / peak)`] = `${median} / ${peak}`;
    // Every database command of the load (both servers), per loop of four requests; a restarted instance's start included.
    result.figures['database commands per learner loop'] = describeCommands(commandsPer(commandsBefore, await commandCountsOf(databases), load.loops));
    // Where the CPU went: each part's CPU over the load (until the last loop finished), per loop.
    result.figures['CPU ms per learner loop'] = describeCpuPerLoop(cpuMs, load.loops, load.untilLastLoopS);
    result.routes = load.routes;
    result.windows = { loadStartS, rows: submissionWindows(load.submissionLog, 5000) };
    const throughput = Math.round((load.requests / o.learnersSeconds) * 10) / 10;
    Object.assign(result.figures, { 'learner loops': load.loops, requests: load.requests, 'until the last loop finished (s)': load.untilLastLoopS, 'throughput (req/s)': throughput });
    timeline.note(`load done: ${load.loops} loops, ${load.requests} requests; waiting for every attempt and redemption to settle, then checking`);
    result.check = await checkLedger({ quizDbUrl: fleet.dbUrl('quiz'), gemsDbUrl: fleet.dbUrl('gems'), giftsDbUrl: fleet.dbUrl('gifts'), amqpUrl: fleet.amqpUrl, attempts: load.attempts, redemptions: load.redemptions, settleTimeoutMs: o.settleTimeoutSeconds * 1000 });
    timeline.note(`${result.check.settled ? 'settled' : 'NOT settled'} ${Math.round(result.check.settleMs / 100) / 10} s after the load; checked`);

    const route = (r: string) => result.routes.find((f) => f.route === r);
    const redemptions = route('POST /redemptions');
    const processing = redemptions ? (redemptions.statuses['202'] ?? 0) / Math.max(1, redemptions.count) : 0;
    const budgets: Budget[] = [
      { name: 'POST /quiz-results p99', value: route('POST /quiz-results')?.p99Ms ?? Number.NaN, unit: 'ms', op: '<=', budget: REPLICA_BUDGETS.quizResultsP99Ms },
      { name: 'redemptions answered 202 (processing)', value: Math.round(processing * 1000) / 10, unit: '%', op: '<=', budget: REPLICA_BUDGETS.redemptionsProcessingShare * 100 },
      { name: 'throughput', value: throughput, unit: 'req/s', op: '>=', budget: REPLICA_BUDGETS.requestsPerSecond },
    ];
    result.budgets = budgets;
    const serverErrors = result.routes.reduce((sum, r) => sum + r.serverErrors + (r.statuses['no answer'] ?? 0), 0);
    result.figures['5xx or no answer'] = serverErrors;
    result.defects = [...result.routes.filter((r) => r.errors > 0).map((r) => `${r.route}: ${r.errors} errors of ${r.count} (${JSON.stringify(r.statuses)})`), ...defectsOf(result.check)];
  } finally {
    await fleet.stop().catch((error: unknown) => console.error('[drill] fleet stop failed', error));
    result.loadAfter = loadAverage();
    result.durationS = Math.round(timeline.elapsedMs() / 1000);
  }
  return result;
}
