/** One measured figure with the budget the issues name (figures are reported, never asserted). */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: { op: '<=' | '>='; value: number };
}

export interface BenchSection {
  title: string;
  figures: Figure[];
  notes?: string[];
}

export function withinBudget(figure: Figure): boolean | undefined {
  if (!figure.budget) return undefined;
  return figure.budget.op === '<=' ? figure.value <= figure.budget.value : figure.value >= figure.budget.value;
}

/** Percentile of a sample (nearest-rank). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}
