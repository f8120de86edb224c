// The processes a bench or drill starts (bench/fleet.ts) go when it goes, also when it is interrupted (Ctrl-C, a
// timeout's SIGTERM) or fails on its way out. A child outlives its parent otherwise: an interrupted bench left its
// fleet running, holding the fleet's ports (the next bench failed with EADDRINUSE) and the CPU a later figure counts.
import type { ChildProcess } from 'node:child_process';

const alive = new Set<ChildProcess>();
let installed = false;

const killAll = () => {
  for (const child of alive) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};

/** The signal's conventional exit status (128 + its number), as the default handler would have exited. */
const EXIT_STATUS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

function install(): void {
  installed = true;
  // 'exit' runs for a normal end and process.exit(); a signal's default handler ends the process without it.
  process.once('exit', killAll);
  for (const [signal, status] of Object.entries(EXIT_STATUS)) {
    process.once(signal, () => {
      killAll();
      process.exit(status);
    });
  }
}

/** Kills `child` (SIGKILL) if it is still running when this process ends, however it ends. */
export function reapOnExit(child: ChildProcess): ChildProcess {
  if (!installed) install();
  alive.add(child);
  child.once('exit', () => alive.delete(child));
  return child;
}
