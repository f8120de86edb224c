// Lighthouse as figures: the median of several runs per page and preset, every run's score listed.
import { type LighthousePreset, type LighthouseResult, runLighthouse } from './lighthouse';
import type { Figure } from './types';

/**
 * A single run varies by several points (mostly total blocking time on a shared 2-core machine), so the
 * figure is the median run, as Lighthouse's own guidance on variability advises.
 */
export const LIGHTHOUSE_RUNS = 5;
const PERFORMANCE_BUDGET = 90;
const ACCESSIBILITY_BUDGET = 95;

export interface LighthouseTarget {
  /** How the page is named in the report, e.g. `/my-classes (learner)`. */
  label: string;
  url: string;
  preset: LighthousePreset;
  /** A signed-in Chromium's DevTools port (see signed-in-browser.ts); a fresh visitor's browser without. */
  port?: number;
}

export async function lighthouseMedian(target: LighthouseTarget, runs = LIGHTHOUSE_RUNS): Promise<{ figures: Figure[]; notes: string[] }> {
  const results: LighthouseResult[] = [];
  try {
    for (let i = 0; i < runs; i += 1) results.push(await runLighthouse(target.url, target.preset, { port: target.port }));
  } catch (error) {
    // One failing run (e.g. Chromium not starting) must not lose the other sections.
    return { figures: [], notes: [`Lighthouse ${target.preset} on ${target.label} did not produce scores: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`] };
  }
  const median = [...results].sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)]!;
  const medianAccessibility = [...results].map((run) => run.accessibility).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  const metrics = Object.entries(median.metrics).map(([id, value]) => `${id} ${value}`).join(', ');
  const weak = median.weakAudits.slice(0, 8).map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  const name = `${target.label} (${target.preset})`;
  return {
    figures: [
      { name: `Lighthouse performance on ${name}`, value: median.performance, unit: 'score', budget: { op: '>=', value: PERFORMANCE_BUDGET } },
      { name: `Lighthouse accessibility on ${name}`, value: medianAccessibility, unit: 'score', budget: { op: '>=', value: ACCESSIBILITY_BUDGET } },
    ],
    notes: [
      `Lighthouse ${name}, ${results.length} runs, median shown: performance ${results.map((run) => run.performance).join(', ')}; accessibility ${results.map((run) => run.accessibility).join(', ')}.`,
      `Lighthouse ${name} (median run): ${metrics}.`,
      ...(weak.length > 0 ? [`Lighthouse ${name} weakest audits: ${weak.join('; ')}.`] : []),
      ...median.warnings.map((warning) => `Lighthouse ${name} warning: ${warning}`),
    ],
  };
}
