import { eventually } from './eventually';

type Line = Record<string, unknown>;

/**
 * A service's log lines, parsed (a pino destination: `createLogger(name, 'debug', capture)`): a test waits for the
 * line that says an event was handled instead of sleeping (lib-events logs `event handled` with the event's id at
 * debug level once the handler finished, also when it ignored the event or found it a duplicate).
 */
export class LogCapture {
  readonly lines: Line[] = [];
  write(line: string): void {
    this.lines.push(JSON.parse(line) as Line);
  }
  /** The first line matching `match`, waited for. */
  async waitFor(match: (line: Line) => boolean, timeoutMs = 15_000): Promise<Line> {
    return (await eventually(() => this.lines.find(match), { timeoutMs, intervalMs: 50 }))!;
  }
  /** How many times the logger named `name` (a service) has handled the event with this id. */
  handledCount(eventId: string, name?: string): number {
    return this.lines.filter((line) => line.msg === 'event handled' && line.eventId === eventId && (name === undefined || line.name === name)).length;
  }
  /** Waits until the logger named `name` has handled the event with this id `times` times in all. */
  async handled(eventId: string, { name, times = 1, timeoutMs = 15_000 }: { name?: string; times?: number; timeoutMs?: number } = {}): Promise<void> {
    await eventually(() => this.handledCount(eventId, name) >= times, { timeoutMs, intervalMs: 50 });
  }
}
