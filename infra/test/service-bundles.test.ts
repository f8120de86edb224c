// What every service image runs (services/*/Dockerfile): scripts/bundle-service.sh's bundle, started outside the
// repository, beside nothing but what the script put there. Each must load every module it imports (a native addon
// left in the bundle crashed content's image at start) and get as far as reading its configuration, which start.ts does
// once every import is loaded. An invalid PORT stops each there, before it could reach a server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.join(__dirname, '..', '..');
const SERVICES = ['gateway', 'content', 'quiz', 'gems', 'gifts'];
// The services' ConfigError, or the gateway's own message.
const STARTED = /ConfigError: Invalid configuration:\s+- PORT|Invalid gateway configuration: PORT/;

/** Starts the bundle with only PATH and an invalid PORT set; its output once it got as far as STARTED, or ended. */
function startUntilConfigured(dir: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', path.join('dist', 'start.js')], { cwd: dir, env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port' } });
    let output = '';
    const done = () => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(output);
    };
    const timer = setTimeout(done, 30_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (STARTED.test(output)) done();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', done);
  });
}

describe('service bundles', () => {
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(path.join(os.tmpdir(), 'kidslearn-bundles-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it.each(SERVICES)('when %s is bundled as its image is and started, then every module loads and it reads its configuration', async (service) => {
    const dir = path.join(out, service);
    const bundled = spawnSync('sh', ['scripts/bundle-service.sh', service, dir], { cwd: repoRoot, encoding: 'utf8' });
    expect(bundled.status).toBe(0);
    const output = await startUntilConfigured(dir);
    expect(output).not.toMatch(/Cannot find module|ERR_INVALID_ARG_VALUE|ERR_MODULE_NOT_FOUND|ERR_DLOPEN_FAILED/);
    expect(output).toMatch(STARTED);
  }, 60_000);
});
