// The frame of the three fault drills: a fleet (quiz, gems, gifts, gateway) on the private servers, the
// mixed load of 1000 submissions and 200 redemptions, a disruption running beside it, then the ledger check.
import type { Fleet } from '../fleet';
import { loadAverage } from '../load';
import { drillClient, EXPECTED_STATUSES } from './client';
import { drillLogFile, startDrillFleet } from './fleet-for-drill';
import { checkLedger } from './ledger-check';
import { learners } from './learners';
import { createDrillLessons } from './lessons';
import { runMixedLoad } from './mixed-load';
import { defectsOf, startedDrillResult, type DrillResult } from './result';
import { RouteRecorder } from './route-stats';
import type { DrillServers } from './servers';
import { sleep, Timeline } from './timeline';
import { submissionWindows } from './windows';

export interface LoadShape {
  submissions: number;
  redemptions: number;
  learners: number;
  lessons: number;
  concurrency: number;
  loadMs: number;
  settleTimeoutMs: number;
}

export interface Disruption {
  fleet: Fleet;
  servers: DrillServers;
  timeline: Timeline;
  /** resolves `ms` after the load started */
  at(ms: number): Promise<void>;
}

export interface LedgerDrillSpec {
  name: string;
  title: string;
  command: string;
  shape: LoadShape;
  figures: Record<string, string | number>;
  disrupt(d: Disruption): Promise<void>;
  /** defects beyond the ledger check's (e.g. 5xx answers) from the route figures */
  judge?(result: DrillResult): string[];
}

export async function runLedgerDrill(servers: DrillServers, spec: LedgerDrillSpec): Promise<DrillResult> {
  const timeline = new Timeline(spec.name);
  const result = startedDrillResult({
    name: spec.name,
    title: spec.title,
    command: spec.command,
    steps: timeline.steps,
    figures: { ...spec.figures, ...spec.shape },
  });
  const fleet = await startDrillFleet(servers, { drill: spec.name, services: ['quiz', 'gems', 'gifts', 'gateway'] });
  try {
    timeline.note(`fleet up (quiz, gems, gifts, gateway as own processes; logs ${drillLogFile(spec.name)})`);
    const who = await learners(spec.shape.learners);
    const lessons = await createDrillLessons(fleet.amqpUrl, fleet.dbUrl('quiz'), spec.shape.lessons);
    timeline.note(`${who.length} learners (Keycloak accounts, fresh tokens), ${lessons.length} lessons in quiz`);
    const recorder = new RouteRecorder(EXPECTED_STATUSES);
    const client = drillClient(fleet.url('gateway'), recorder);
    const loadStart = Date.now();
    const loadStartS = Math.round(timeline.elapsedMs() / 100) / 10;
    timeline.note(`load: ${spec.shape.submissions} submissions + ${spec.shape.redemptions} redemptions paced over ${spec.shape.loadMs / 1000} s, ${spec.shape.concurrency} in flight at most`);
    const [answers] = await Promise.all([
      runMixedLoad({ client, learners: who, lessons, submissions: spec.shape.submissions, redemptions: spec.shape.redemptions, durationMs: spec.shape.loadMs, concurrency: spec.shape.concurrency, giftId: 'stickers' }).then((a) => {
        timeline.note(`load done: every request answered (${Math.round(a.wallMs / 1000)} s)`);
        return a;
      }),
      spec.disrupt({ fleet, servers, timeline, at: (ms) => sleep(loadStart + ms - Date.now()) }),
    ]);
    timeline.note('disruption over; waiting for every attempt and redemption to settle, then checking the databases');
    result.check = await checkLedger({
      quizDbUrl: fleet.dbUrl('quiz'),
      gemsDbUrl: fleet.dbUrl('gems'),
      giftsDbUrl: fleet.dbUrl('gifts'),
      amqpUrl: fleet.amqpUrl,
      attempts: answers.attempts,
      redemptions: answers.redemptions,
      settleTimeoutMs: spec.shape.settleTimeoutMs,
    });
    timeline.note(`${result.check.settled ? 'settled' : 'NOT settled'} ${Math.round(result.check.settleMs / 100) / 10} s after the disruption ended; checked`);
    result.routes = recorder.figures();
    result.windows = { loadStartS, rows: submissionWindows(answers.submissionLog, 5000) };
    result.defects = [...defectsOf(result.check), ...(spec.judge?.(result) ?? [])];
  } finally {
    await fleet.stop().catch((error: unknown) => console.error('[drill] fleet stop failed', error));
    result.loadAfter = loadAverage();
    result.durationS = Math.round(timeline.elapsedMs() / 1000);
  }
  return result;
}
