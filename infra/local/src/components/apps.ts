import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Component } from '../component';
import { infraEnv } from '../env';
import { say } from '../log';
import { repoRoot } from '../paths';
import { LOCAL_REMOTE_PORTS } from '../portal-manifest';

/** A GET that must answer 2xx within 2 s. */
async function answersOk(url: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

const SERVICE_PORTS = { content: 4001, quiz: 4002, gems: 4003, gifts: 4004 } as const;

/**
 * The local portal's own settings per service. Quiz honours the browser journeys' controlled clock (X-Test-Now,
 * issue 21): only here, never in the operator stack or the chart (infra/test/operator-stack.test.ts, the chart's
 * invariants), and the service refuses it with NODE_ENV=production.
 */
const LOCAL_ONLY_ENV: Partial<Record<keyof typeof SERVICE_PORTS, Record<string, string>>> = { quiz: { ALLOW_TEST_CLOCK: 'true' } };

/** A Node service of services/<name>, run from its TypeScript source with tsx, demo data seeded. */
function nodeService(name: keyof typeof SERVICE_PORTS): Component {
  const port = SERVICE_PORTS[name];
  return {
    name,
    ports: [port],
    urls: [`http://localhost:${port}/openapi.json`],
    readyTimeoutMs: 60_000,
    async install() {},
    async launch() {
      return {
        command: process.execPath,
        args: ['--import', 'tsx', path.join('services', name, 'src', 'start.ts')],
        cwd: repoRoot,
        // The portal's own servers, whatever the starting process holds: the Jest integration setup points
        // AMQP_URL at a throw-away virtual host, and a portal started beside it (the browser journeys) must
        // not consume the integration tests' events on it (it answered them a second time).
        env: { ...infraEnv({}), PORT: String(port), SEED_DEMO_DATA: 'true', MONGO_URL: `mongodb://127.0.0.1:27017/kidslearn-${name}`, ...LOCAL_ONLY_ENV[name] },
      };
    },
    ready: () => answersOk(`http://127.0.0.1:${port}/readyz`),
  };
}

export const gateway: Component = {
  name: 'gateway',
  ports: [4000],
  urls: ['http://localhost:4000/healthz'],
  readyTimeoutMs: 30_000,
  async install() {},
  async launch() {
    return { command: process.execPath, args: ['--import', 'tsx', 'services/gateway/src/start.ts'], cwd: repoRoot };
  },
  ready: () => answersOk('http://127.0.0.1:4000/livez'),
};

/** Newest modification time of a file or below a folder (a cheap "did the sources change" check). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = statSync(dir).mtimeMs;
  if (!statSync(dir).isDirectory()) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * A production build of a frontend workspace, rebuilt only when its sources (or `alsoFrom`, folders of
 * other workspaces it builds from) are newer than the build.
 */
function buildIfStale(workspace: string, alsoFrom: string[] = []): void {
  const dir = path.join(repoRoot, workspace);
  const stamp = path.join(dir, 'dist', '.built-from');
  const sources = Math.max(
    newestMtime(path.join(dir, 'src')),
    newestMtime(path.join(dir, 'public')),
    statSync(path.join(dir, 'webpack.config.js')).mtimeMs,
    ...alsoFrom.map((folder) => newestMtime(path.join(repoRoot, folder))),
  );
  if (existsSync(stamp) && Number(readFileSync(stamp, 'utf8')) >= sources) return;
  say(workspace, 'building the production bundle (sources changed)');
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  writeFileSync(stamp, String(sources));
}

/** A frontend served from its production build (light on 2 cores; the same files the Dockerfile serves). */
function frontend(workspace: string, port: number, probe: string, alsoFrom: string[] = []): Component {
  return {
    name: workspace,
    ports: [port],
    urls: [`http://localhost:${port}${probe === '/' ? '/' : ''}`],
    readyTimeoutMs: 30_000,
    async install() {
      buildIfStale(workspace, alsoFrom);
    },
    async launch() {
      return { command: 'npm', args: ['run', '-s', 'serve', '-w', workspace], cwd: repoRoot };
    },
    ready: () => answersOk(`http://127.0.0.1:${port}${probe}`),
  };
}

export const services: Component[] = [nodeService('content'), nodeService('quiz'), nodeService('gems'), nodeService('gifts'), gateway];

// Every frontend is also built from the kit (components, hooks, tokens, webpack configuration) and the
// shared contracts (the lesson schema). mfe-public's build publishes its prerendered first screen and the
// shell's leaves markers for it (first-screen.ts), both hashing inline code with the security headers' module;
// the shell's build knows no area (they come from config.json, which its static server writes, --portal).
const SHARED_SOURCES = ['kit/src', 'kit/webpack', 'contracts/src'];
const PAGE_SOURCES = ['infra/local/src/security-headers.ts', 'infra/local/src/first-screen.ts'];
export const frontends: Component[] = [
  frontend('mfe-public', LOCAL_REMOTE_PORTS.mfe_public!, '/remoteEntry.js', [...PAGE_SOURCES, ...SHARED_SOURCES]),
  frontend('mfe-learning', LOCAL_REMOTE_PORTS.mfe_learning!, '/remoteEntry.js', SHARED_SOURCES),
  frontend('mfe-rewards', LOCAL_REMOTE_PORTS.mfe_rewards!, '/remoteEntry.js', SHARED_SOURCES),
  frontend('mfe-admin', LOCAL_REMOTE_PORTS.mfe_admin!, '/remoteEntry.js', SHARED_SOURCES),
  frontend('mfe-family', LOCAL_REMOTE_PORTS.mfe_family!, '/remoteEntry.js', SHARED_SOURCES),
  frontend('shell', 3000, '/', [...PAGE_SOURCES, ...SHARED_SOURCES]),
];
