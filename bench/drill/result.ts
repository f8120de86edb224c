// One drill's record in the report.
import { loadAverage } from '../load';
import type { CheckResult } from './ledger-check';
import type { RouteFigures } from './route-stats';
import type { SubmissionWindow } from './windows';

/** A figure of the drill against the budget for it. */
export interface Budget {
  name: string;
  value: number;
  unit: string;
  op: '<=' | '>=';
  budget: number;
}

export const withinBudget = (b: Budget): boolean => (b.op === '<=' ? b.value <= b.budget : b.value >= b.budget);

export interface DrillResult {
  name: string;
  title: string;
  date: string;
  command: string;
  loadBefore: string;
  loadAfter: string;
  durationS: number;
  /** what was done, when */
  steps: string[];
  routes: RouteFigures[];
  /** submissions per window of the load; `loadStartS` = the load's start on the drill's clock */
  windows?: { loadStartS: number; rows: SubmissionWindow[] };
  check?: CheckResult;
  /** further figures of this drill (outage lengths, learners …) */
  figures: Record<string, string | number>;
  /** figures with a budget (machine-dependent: the report gives the load average beside them) */
  budgets?: Budget[];
  /** defects found, in plain words (empty: the outcome the issue asks for) */
  defects: string[];
  error?: string;
}

/** A drill's record as it starts: the machine's load now, `steps` the drill's timeline fills as it goes. */
export function startedDrillResult(start: { name: string; title: string; command: string; steps: string[]; figures: DrillResult['figures'] }): DrillResult {
  return { ...start, date: new Date().toISOString(), loadBefore: loadAverage(), loadAfter: '', durationS: 0, routes: [], defects: [] };
}

/** Defects of a check: anything unsettled at the timeout, every kind of problem with its count. */
export function defectsOf(check: CheckResult): string[] {
  const found = Object.entries(check.problems).map(([kind, { count, examples }]) => `${kind}: ${count} (e.g. ${examples.join('; ')})`);
  if (!check.settled) found.unshift(`not everything settled within ${Math.round(check.settleMs / 1000)} s`);
  return found;
}
