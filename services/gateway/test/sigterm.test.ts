import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { closeServer, listenLocal } from './support';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Runs the gateway as it runs in production (start.ts) and resolves with its port once it listens. */
function startGatewayProcess(env: Record<string, string>): { child: ChildProcess; port: Promise<number> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"port":(\d+),[^\n]*"msg":"gateway listening"/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`gateway exited early (${code})`)));
  });
  return { child, port };
}

describe('gateway process', () => {
  it('when it gets SIGTERM during a request, then the request finishes and the process exits 0', async () => {
    let arrived: () => void = () => undefined;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const service = createServer((req, res) => {
      req.resume();
      arrived();
      setTimeout(() => res.end('{"done":true}'), 500);
    });
    const { child, port } = startGatewayProcess({ CONTENT_URL: await listenLocal(service), DRAIN_MS: '5000' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const base = `http://127.0.0.1:${await port}`;
      const inFlight = fetch(`${base}/users`, { method: 'POST', body: '{}' }).then(async (r) => ({ status: r.status, body: await r.text() }));
      await requestArrived;
      const signalledAt = Date.now();
      child.kill('SIGTERM');
      expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' });
      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(3000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      await closeServer(service);
    }
  }, 30_000);
});
