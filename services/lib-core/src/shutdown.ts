import type { Logger } from 'pino';

type Hook = { name: string; fn: () => Promise<void> | void };

export interface Shutdown {
  /** Registers a hook; hooks run in reverse order of registration (last opened, first closed). */
  add(name: string, fn: () => Promise<void> | void): void;
  /** Runs every hook once (later calls return the same promise). */
  run(reason?: string): Promise<void>;
}

export interface ShutdownOptions {
  /** Per-hook time limit. */
  timeoutMs?: number;
  /** Listen to SIGINT/SIGTERM and exit after the hooks (off in tests). */
  handleSignals?: boolean;
  exit?: (code: number) => void;
}

export function createShutdown(logger: Logger, options: ShutdownOptions = {}): Shutdown {
  const { timeoutMs = 10_000, handleSignals = true, exit = (code) => process.exit(code) } = options;
  const hooks: Hook[] = [];
  let running: Promise<void> | undefined;

  const runHook = async ({ name, fn }: Hook): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([Promise.resolve().then(fn), timeout]);
      logger.info({ hook: name }, 'shutdown hook done');
      return true;
    } catch (err) {
      logger.error({ hook: name, err }, 'shutdown hook failed');
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  const run = (reason = 'requested'): Promise<void> => {
    running ??= (async () => {
      logger.info({ reason }, 'shutting down');
      for (const hook of [...hooks].reverse()) await runHook(hook);
    })();
    return running;
  };

  if (handleSignals) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        void run(signal).then(() => exit(0), () => exit(1));
      });
    }
  }

  return { add: (name, fn) => void hooks.push({ name, fn }), run };
}
