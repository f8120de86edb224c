// The services as their images run them (services/*/Dockerfile: scripts/bundle-service.sh, then
// `node --enable-source-maps dist/start.js`): one bundle per service, made once per process that starts a fleet.
// Starting a bundle costs a fraction of compiling the TypeScript at start (tsx), which a drill's restarted
// instance paid under load, and the bench measures the code production runs.
import { execFile } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { isAlive } from '../infra/local/src/procs';

const ROOT = path.resolve(__dirname, '..');
const BUNDLES = path.join(ROOT, '.local', 'fleet-bundles');
/** This process's bundles (a test run and a drill may bundle at the same time): removed when it exits. */
const OUT = path.join(BUNDLES, String(process.pid));

/** Bundles of processes that ended without removing theirs (killed): about 100 MB each. */
function removeOrphans(): void {
  let dirs: string[] = [];
  try {
    dirs = readdirSync(BUNDLES);
  } catch {
    return;
  }
  for (const dir of dirs) if (!isAlive(Number(dir))) rmSync(path.join(BUNDLES, dir), { recursive: true, force: true });
}

const made = new Map<string, Promise<string>>();

async function bundle(service: string): Promise<string> {
  const out = path.join(OUT, service);
  await promisify(execFile)('sh', [path.join('scripts', 'bundle-service.sh'), service, out], { cwd: ROOT });
  return path.join(out, 'dist', 'start.js');
}

/** The path of the service's bundle (dist/start.js, its assets beside it), bundled on first use. */
function serviceBundle(service: string): Promise<string> {
  let file = made.get(service);
  if (!file) {
    if (made.size === 0) {
      removeOrphans();
      process.once('exit', () => rmSync(OUT, { recursive: true, force: true }));
    }
    file = bundle(service);
    made.set(service, file);
  }
  return file;
}

/** The node arguments that run a service as its image does. */
export async function bundledServiceArgs(service: string): Promise<string[]> {
  return ['--enable-source-maps', await serviceBundle(service)];
}
