// Machine load for the report: a figure measured while other work competes for 2 cores is not a budget check.
import os from 'node:os';

/** "0.52 / 0.40 / 0.31" (1, 5 and 15 minute load averages) with the core count. */
export function loadAverage(): string {
  return `${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ')} (1/5/15 min, ${os.cpus().length} cores)`;
}
