/** Progress output: one prefixed line per step, with elapsed seconds where it helps. */
export function say(component: string, message: string): void {
  process.stdout.write(`[infra] ${component.padEnd(9)} ${message}\n`);
}

export function seconds(startedAt: number): string {
  return `${((Date.now() - startedAt) / 1000).toFixed(1)}s`;
}
