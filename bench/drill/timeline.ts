// What a drill did, as "t+12.3 s what" lines from the drill's start, printed as they happen.
export class Timeline {
  readonly steps: string[] = [];
  private readonly started = Date.now();

  constructor(private readonly drill: string) {}

  elapsedMs(): number {
    return Date.now() - this.started;
  }

  note(what: string): void {
    const line = `t+${(this.elapsedMs() / 1000).toFixed(1)} s ${what}`;
    this.steps.push(line);
    console.log(`[drill ${this.drill}] ${line}`);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, ms)));
