// bench/reports/drill.json keeps the latest result of each drill; drill.md is written from it, so a run of
// one drill (--only) replaces its own section and keeps the others (each section carries its date and command).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withinBudget, type DrillResult } from './result';

const REPORT_DIR = path.resolve(__dirname, '..', 'reports');
const JSON_FILE = path.join(REPORT_DIR, 'drill.json');
export const MARKDOWN_FILE = path.join(REPORT_DIR, 'drill.md');

/** The report's drills in the issue's order. */
const ORDER = ['broker-gems', 'redis', 'gems-db', 'learners', 'broker-node', 'replicas-1', 'replicas'];

/** A drill that stopped before its checks checked nothing: its report must not read as if it found no defect. */
function defectLines(r: DrillResult): string[] {
  if (r.defects.length) return r.defects.map((d) => `- **${d}**`);
  if (r.error) return ['- not checked: the drill stopped before its checks (ERROR above)'];
  return ['- none: every balance equals its ledger, each attempt credited at most once and each lesson its best reward exactly, each redemption debited or rejected exactly once as answered, nothing unsettled, DLQs empty'];
}

/** One drill's section of drill.md. */
export function reportSection(r: DrillResult): string[] {
  const lines = [`## ${r.title} (\`--only=${r.name.split(' ')[0]}\`): ${r.error ? 'FAILED TO RUN' : r.defects.length ? 'DEFECTS FOUND' : 'as expected'}`, ''];
  lines.push(`- date: ${r.date}; ${r.durationS} s; command: \`${r.command}\``);
  lines.push(`- load average before ${r.loadBefore}, after ${r.loadAfter}`);
  lines.push(`- parameters: ${Object.entries(r.figures).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (r.error) lines.push(`- ERROR: ${r.error}`);
  lines.push('', '### What was done', '', ...r.steps.map((s) => `- ${s}`), '');
  if (r.routes.length > 0) {
    lines.push('### HTTP answers per route', '', '| route | count | statuses | errors | 5xx | p50 ms | p99 ms | max ms |', '|---|---|---|---|---|---|---|---|');
    for (const f of r.routes) {
      const statuses = Object.entries(f.statuses).map(([s, n]) => `${s}: ${n}`).join(', ');
      lines.push(`| ${f.route} | ${f.count} | ${statuses} | ${f.errors} | ${f.serverErrors} | ${f.p50Ms} | ${f.p99Ms} | ${f.maxMs} |`);
    }
    lines.push('', 'errors = answers other than the route’s expected ones (201; 201/202/400 for a redemption, 400 = not enough gems, 202 = decided later; 200 for reads); "no answer" = connection refused/reset or a 30 s timeout.', '');
  }
  if (r.windows) {
    lines.push(`### POST /quiz-results in 5 s windows (load started at t+${r.windows.loadStartS} s)`, '', '| started at | submissions | p50 ms | p99 ms | answered with the new gem total | errors |', '|---|---|---|---|---|---|');
    for (const w of r.windows.rows) lines.push(`| t+${(r.windows.loadStartS + w.fromS).toFixed(0)}–${(r.windows.loadStartS + w.toS).toFixed(0)} s | ${w.count} | ${w.p50Ms} | ${w.p99Ms} | ${w.withTotal} | ${w.errors} |`);
    lines.push('', 'An answer without the new total is not an error: gems had not answered within quiz’s 3 s wait, the attempt settles later.', '');
  }
  if (r.budgets?.length) {
    lines.push('### Budgets (issue 20; indicative on a shared machine, see the load average)', '', '| figure | value | budget | within |', '|---|---|---|---|');
    for (const b of r.budgets) lines.push(`| ${b.name} | ${b.value} ${b.unit} | ${b.op} ${b.budget} ${b.unit} | ${withinBudget(b) ? 'yes' : 'NO'} |`);
    lines.push('');
  }
  if (r.check) {
    lines.push('### Found in the databases', '');
    lines.push(`- ${r.check.settled ? 'everything settled' : 'NOT everything settled'} ${(r.check.settleMs / 1000).toFixed(1)} s after the disruption/load ended`);
    lines.push(`- ${Object.entries(r.check.figures).map(([k, v]) => `${k}: ${v}`).join('; ')}`);
  }
  lines.push('', '### Defects', '', ...defectLines(r), '');
  return lines;
}

export function writeReport(results: DrillResult[]): string {
  mkdirSync(REPORT_DIR, { recursive: true });
  const stored: Record<string, DrillResult> = existsSync(JSON_FILE) ? (JSON.parse(readFileSync(JSON_FILE, 'utf8')) as Record<string, DrillResult>) : {};
  for (const r of results) stored[r.name] = r;
  writeFileSync(JSON_FILE, `${JSON.stringify(stored, null, 2)}\n`);
  // A drill's records side by side: on one node, on the cluster, a second run ("learners (run 2)").
  const rank = (r: DrillResult) => ORDER.indexOf(r.name.split(' ')[0]!);
  const all = Object.values(stored).sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  const markdown = [
    '# KidsLearn drills',
    '',
    `Written by \`npm run drill\` (bench/drill/run.ts). Each drill runs the services as their own processes (bench/fleet.ts) against private servers started for the run (a RabbitMQ node, a Redis, two FerretDBs: gems' database on its own; for broker-node, and every drill marked "on the broker cluster" (\`--broker-cluster\`), a three-node RabbitMQ cluster) and takes only those down; Keycloak is the shared one. Machine: ${process.platform} ${process.arch}, ${os.cpus().length} cores, node ${process.version}.`,
    '',
    ...all.flatMap(reportSection),
  ].join('\n');
  writeFileSync(MARKDOWN_FILE, markdown);
  return markdown;
}
