// Timing helpers of the FerretDB pushdown tests: the median of several runs, so one slow sample decides nothing.

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `run(i)` for i = 0 … samples − 1, one after another; resolves with the median time in ms. */
export async function timed(samples: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await run(i);
    took.push(performance.now() - started);
  }
  return median(took);
}
