import type { Logger } from 'pino';

export interface PeriodicJob<T> {
  /** One pass now; a pass already running is joined, not doubled. `now` is injectable (tests). */
  runOnce(now?: Date): Promise<T>;
  /** A pass every `intervalMs` (0 or less: never). Unref'd: it never keeps a process alive. */
  start(intervalMs: number): void;
  /** Stops the timer and waits for a running pass. */
  stop(): Promise<void>;
}

/**
 * A timer for housekeeping (retention, clean-ups): passes never overlap in a process, a failed pass is
 * logged and the next one retries. Several instances may run the same job at once, so a pass must be
 * idempotent and decide from the database only.
 */
export function createPeriodicJob<T>({ name, logger, run }: { name: string; logger: Logger; run: (now: Date) => Promise<T> }): PeriodicJob<T> {
  const log = logger.child({ job: name });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let stopped = true;

  const runOnce = (now = new Date()): Promise<T> => {
    running ??= run(now).finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = (intervalMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err: Error) => log.warn({ err: err.message }, 'periodic job failed; the next pass retries'))
        .finally(() => schedule(intervalMs));
    }, intervalMs);
    timer.unref();
  };

  return {
    runOnce,
    start(intervalMs) {
      if (intervalMs <= 0 || !stopped) return;
      stopped = false;
      schedule(intervalMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
