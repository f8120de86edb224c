// Drill 4: 200 concurrent learners for 60 s, each in a loop (browse lessons, submit a quiz, look at the
// standings, redeem) over the fleet's gateway → 0 errors, p50/p99 per route; then the same ledger check.
import { commandCountsOf, commandsPer, describeCommands } from '../ferretdb-commands';
import { loadAverage } from '../load';
import { drillLogFile, startDrillFleet } from './fleet-for-drill';
import { sampleBacklog } from './backlog';
import { describeCpuPerLoop } from './cpu-meter';
import { checkLedger } from './ledger-check';
import { DEMO_LESSONS, runLearnerLoad, waitForAnswerKeys } from './learner-load';
import { learners } from './learners';
import { startLoadCpuMeter } from './load-cpu';
import type { DrillOptions } from './options';
import { defectsOf, startedDrillResult, type DrillResult } from './result';
import type { DrillServers } from './servers';
import { Timeline } from './timeline';
import { submissionWindows } from './windows';

export async function drillLearners(servers: DrillServers, o: DrillOptions, command: string): Promise<DrillResult> {
  const name = 'learners';
  const timeline = new Timeline(name);
  const result = startedDrillResult({
    name: name,
    title: `${o.learners} concurrent learners for ${o.learnersSeconds} s`,
    command: command,
    steps: timeline.steps,
    figures: { learners: o.learners, 'seconds of load': o.learnersSeconds },
  });
  // content seeds the demo lessons; quiz asks for every lesson at start (content re-announces them).
  const fleet = await startDrillFleet(servers, {
    drill: name,
    services: ['content', 'quiz', 'gems', 'gifts', 'gateway'],
    serviceEnv: (service): Record<string, string> => ({ content: { SEED_DEMO_DATA: 'true' }, quiz: { REQUEST_LESSONS_ON_START: 'true' } })[service as string] ?? {},
  });
  try {
    await waitForAnswerKeys(fleet.dbUrl('quiz'));
    timeline.note(`fleet up (content, quiz, gems, gifts, gateway; logs ${drillLogFile(name)}), ${DEMO_LESSONS.length} demo lessons known to quiz`);
    const who = await learners(o.learners);
    timeline.note(`${who.length} learners ready (Keycloak accounts, fresh tokens)`);
    timeline.note(`load: each learner loops GET /lessons → POST /quiz-results → GET /standings/:lessonId → POST /redemptions for ${o.learnersSeconds} s`);
    const databases = [servers.db.url, servers.gemsDb.url];
    const commandsBefore = await commandCountsOf(databases);
    const backlog = await sampleBacklog(fleet.amqpUrl);
    const cpu = startLoadCpuMeter(servers, fleet);
    const loadStartS = Math.round(timeline.elapsedMs() / 100) / 10;
    const load = await runLearnerLoad(fleet.url('gateway'), who, o.learnersSeconds);
    const cpuMs = cpu.stop();
    for (const [queue, { peak, median }] of Object.entries(await backlog.stop())) result.figures[`${queue} ready messages (median / peak)`] = `${median} / ${peak}`;
    result.routes = load.routes;
    result.windows = { loadStartS, rows: submissionWindows(load.submissionLog, 5000) };
    result.figures['learner loops'] = load.loops;
    // Every database command of the load (both servers), per loop of four requests.
    result.figures['database commands per learner loop'] = describeCommands(commandsPer(commandsBefore, await commandCountsOf(databases), load.loops));
    // Where the CPU went: each part's CPU over the load (until the last loop finished), per loop.
    result.figures['CPU ms per learner loop'] = describeCpuPerLoop(cpuMs, load.loops, load.untilLastLoopS);
    result.figures.requests = load.requests;
    // No loop starts after the 60 s; the ones in flight then finish.
    result.figures['until the last loop finished (s)'] = load.untilLastLoopS;
    result.figures['throughput (req/s)'] = Math.round((load.requests / o.learnersSeconds) * 10) / 10;
    timeline.note(`load done: ${load.loops} loops, ${load.requests} requests; waiting for every attempt and redemption to settle, then checking`);
    result.check = await checkLedger({ quizDbUrl: fleet.dbUrl('quiz'), gemsDbUrl: fleet.dbUrl('gems'), giftsDbUrl: fleet.dbUrl('gifts'), amqpUrl: fleet.amqpUrl, attempts: load.attempts, redemptions: load.redemptions, settleTimeoutMs: o.settleTimeoutSeconds * 1000 });
    timeline.note(`${result.check.settled ? 'settled' : 'NOT settled'} ${Math.round(result.check.settleMs / 100) / 10} s after the load; checked`);
    result.defects = [...result.routes.filter((r) => r.errors > 0).map((r) => `${r.route}: ${r.errors} errors of ${r.count} (${JSON.stringify(r.statuses)})`), ...defectsOf(result.check)];
  } finally {
    await fleet.stop().catch((error: unknown) => console.error('[drill] fleet stop failed', error));
    result.loadAfter = loadAverage();
    result.durationS = Math.round(timeline.elapsedMs() / 1000);
  }
  return result;
}
