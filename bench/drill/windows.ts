// POST /quiz-results over the load in windows of a few seconds: how a disruption shows in the answers
// (slower, answered without the new gem total, errors) and when it stops showing.
import { percentile } from '../types';
import type { SubmissionRecord } from './mixed-load';

export interface SubmissionWindow {
  fromS: number;
  toS: number;
  count: number;
  p50Ms: number;
  p99Ms: number;
  /** answers that already carried the learner's new gem total (gems settled within quiz's 3 s wait) */
  withTotal: number;
  /** answers other than 201 */
  errors: number;
}

export function submissionWindows(log: SubmissionRecord[], windowMs: number): SubmissionWindow[] {
  const out: SubmissionWindow[] = [];
  const end = Math.max(0, ...log.map((r) => r.atMs));
  for (let from = 0; from <= end; from += windowMs) {
    const inside = log.filter((r) => r.atMs >= from && r.atMs < from + windowMs);
    if (inside.length === 0) continue;
    const ms = inside.map((r) => r.ms);
    out.push({
      fromS: from / 1000,
      toS: (from + windowMs) / 1000,
      count: inside.length,
      p50Ms: Math.round(percentile(ms, 50)),
      p99Ms: Math.round(percentile(ms, 99)),
      withTotal: inside.filter((r) => r.withTotal).length,
      errors: inside.filter((r) => r.status !== 201).length,
    });
  }
  return out;
}
