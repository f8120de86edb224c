import { spawn } from 'node:child_process';
import { InfraError } from './errors';

/** Runs a command to completion; output goes to `onLine` (or is kept) and a failure names the component. */
export function run(
  component: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; quiet?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = options.timeoutMs
      ? setTimeout(() => {
          child.kill('SIGKILL');
        }, options.timeoutMs)
      : undefined;
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new InfraError(component, `could not run ${command}: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(output);
      const tail = output.trim().split('\n').slice(-25).join('\n');
      reject(new InfraError(component, `${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${tail}`));
    });
  });
}
