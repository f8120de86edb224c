// Builds the frontends when their sources changed, serves the production builds statically
// (light on 2 cores) and makes sure the backend is up through the local infrastructure runner.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { answers, frontends, GATEWAY_URL, KEYCLOAK_URL, ROOT, STATE_FILE, waitFor } from './portal';

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfStale(workspace: string): void {
  const dir = path.join(ROOT, workspace);
  const built = fs.existsSync(path.join(dir, 'dist')) ? fs.statSync(path.join(dir, 'dist')).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(dir, 'src')), newestMtime(path.join(dir, 'public')), fs.statSync(path.join(dir, 'webpack.config.js')).mtimeMs);
  if (built > sources) return;
  console.log(`[e2e] building ${workspace}`);
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
}

async function ensureBackend(): Promise<void> {
  if (!(await answers(`${KEYCLOAK_URL}/realms/kidslearn`))) {
    console.log('[e2e] starting the local infrastructure (npm run infra:start)');
    execFileSync('npm', ['run', 'infra:start'], { cwd: ROOT, stdio: 'inherit' });
  }
  const missing: string[] = [];
  if (!(await answers(`${KEYCLOAK_URL}/realms/kidslearn`))) missing.push(`Keycloak realm kidslearn at ${KEYCLOAK_URL}`);
  if (!(await answers(`${GATEWAY_URL}/healthz`))) missing.push(`gateway at ${GATEWAY_URL}`);
  // The journeys that need them fail with this list; nothing is stubbed.
  process.env.E2E_BACKEND_MISSING = missing.join('; ');
  if (missing.length) console.warn(`[e2e] backend not ready: ${missing.join('; ')}`);
}

export default async function globalSetup(): Promise<void> {
  const started: number[] = [];
  for (const { workspace, port, probe } of frontends) {
    if (await answers(`http://127.0.0.1:${port}${probe}`)) continue;
    buildIfStale(workspace);
    const child = spawn('npm', ['run', 'serve', '-w', workspace], { cwd: ROOT, detached: true, stdio: 'ignore' });
    child.unref();
    if (child.pid) started.push(child.pid);
    await waitFor(`http://127.0.0.1:${port}${probe}`, 30_000);
  }
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify({ pids: started }));
  await ensureBackend();
}
