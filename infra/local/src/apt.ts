import { existsSync } from 'node:fs';
import { run } from './exec';
import { say } from './log';

let updated = false;
const asRoot = (args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? [args[0] as string, args.slice(1)] : ['sudo', ['-n', ...args]];

/**
 * Installs Debian packages when `binary` is missing. Returns true when it installed something (so the
 * caller can stop a service the package started by itself).
 */
export async function aptEnsure(component: string, binary: string, packages: string[]): Promise<boolean> {
  if (existsSync(binary)) return false;
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!updated) {
    say(component, 'apt-get update');
    const [cmd, args] = asRoot(['apt-get', 'update']);
    await run(component, cmd, args, { env, timeoutMs: 10 * 60_000 });
    updated = true;
  }
  say(component, `apt-get install ${packages.join(' ')}`);
  const [cmd, args] = asRoot(['apt-get', 'install', '-y', '--no-install-recommends', ...packages]);
  await run(component, cmd, args, { env, timeoutMs: 20 * 60_000 });
  return true;
}

/** Stops a system service a package install started (no systemd here: `service` runs the init script). */
export async function stopSystemService(component: string, service: string): Promise<void> {
  const [cmd, args] = asRoot(['service', service, 'stop']);
  try {
    await run(component, cmd, args, { timeoutMs: 60_000 });
    say(component, `stopped the ${service} system service the package install started`);
  } catch {
    // not running or no init script: nothing to stop
  }
}
